"""Class-conditional UNet for MNIST flow matching (torchcfm's conditional MNIST example, smaller)."""

from torchcfm.models.unet import UNetModel

model = UNetModel(
    dim=(1, 28, 28),
    num_channels=32,
    num_res_blocks=1,
    channel_mult=(1, 2, 2),
    class_cond=True,
    num_classes=10,
    attention_resolutions="7",
    num_heads=2,
)
