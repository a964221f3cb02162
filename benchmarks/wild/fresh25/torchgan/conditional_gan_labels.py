"""A conditional DCGAN generator for ten classes on 16x16 grey images (label embedding inside)."""

from torchgan.models import ConditionalGANGenerator

model = ConditionalGANGenerator(
    num_classes=10, encoding_dims=32, out_size=16, out_channels=1, step_channels=8
)
