"""segmentation_models_pytorch: smp.create_model with the arch as a string (fresh batch, benchmarks/wild/fresh)."""

import segmentation_models_pytorch as smp

model = smp.create_model(
    arch="FPN",
    encoder_name="mobilenet_v2",
    encoder_weights=None,
    in_channels=3,
    classes=2,
)
