"""monai: HighResNet in 2-D with its layer table written out (fresh batch, benchmarks/wild/fresh)."""

from monai.networks.nets import HighResNet

layers = (
    {"name": "conv_0", "n_features": 8, "kernel_size": 3},
    {"name": "res_1", "n_features": 8, "kernels": (3, 3), "repeat": 2},
    {"name": "res_2", "n_features": 16, "kernels": (3, 3), "repeat": 2},
    {"name": "conv_1", "n_features": 32, "kernel_size": 1},
    {"name": "conv_2", "kernel_size": 1},
)
model = HighResNet(spatial_dims=2, in_channels=1, out_channels=3, layer_params=layers)
