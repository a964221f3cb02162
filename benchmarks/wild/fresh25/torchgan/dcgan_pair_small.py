"""A small DCGAN pair on 32x32 RGB images; the model holds generator and discriminator."""

import torch.nn as nn
from torchgan.models import DCGANDiscriminator, DCGANGenerator


class GANPair(nn.Module):
    def __init__(self, z_dim, size, step):
        super().__init__()
        self.generator = DCGANGenerator(
            encoding_dims=z_dim, out_size=size, out_channels=3, step_channels=step
        )
        self.discriminator = DCGANDiscriminator(in_size=size, in_channels=3, step_channels=step)


model = GANPair(z_dim=48, size=32, step=16)
