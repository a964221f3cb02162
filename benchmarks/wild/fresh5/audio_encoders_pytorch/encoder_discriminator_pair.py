import torch.nn as nn
from audio_encoders_pytorch import Discriminator1d, Encoder1d

model = nn.ModuleDict(
    {
        "encoder": Encoder1d(in_channels=1, channels=8, multipliers=[1, 2, 2], factors=[4, 4], num_blocks=[1, 1]),
        "disc": Discriminator1d(in_channels=1, channels=8, multipliers=[1, 2, 4], factors=[4, 4], num_blocks=[1, 1]),
    }
)
