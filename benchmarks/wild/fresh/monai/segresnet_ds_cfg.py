"""monai: SegResNetDS from an Auto3DSeg-like hyperparameter dict (fresh batch, benchmarks/wild/fresh)."""

from monai.networks.nets import SegResNetDS

hyper_parameters = {
    "network": {
        "init_filters": 8,
        "blocks_down": [1, 1, 2],
        "norm": "INSTANCE",
        "dsdepth": 2,
    },
    "input_channels": 2,
    "output_classes": 3,
}
net = hyper_parameters["network"]
model = SegResNetDS(
    spatial_dims=3,
    in_channels=hyper_parameters["input_channels"],
    out_channels=hyper_parameters["output_classes"],
    **net,
)
