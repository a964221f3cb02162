"""An auxiliary-classifier discriminator without batch norm, 64x64 inputs, twelve classes."""

from torchgan.models import ACGANDiscriminator

model = ACGANDiscriminator(
    num_classes=12, in_size=64, in_channels=3, step_channels=8, batchnorm=False
)
