"""An autoencoding generator and discriminator (BEGAN style) kept in a ModuleDict."""

import torch.nn as nn
from torchgan.models import AutoEncodingDiscriminator, AutoEncodingGenerator

model = nn.ModuleDict(
    {
        "gen": AutoEncodingGenerator(
            encoding_dims=24, out_size=32, out_channels=1, step_channels=16
        ),
        "disc": AutoEncodingDiscriminator(
            in_size=32, in_channels=1, encoding_dims=24, step_channels=16
        ),
    }
)
