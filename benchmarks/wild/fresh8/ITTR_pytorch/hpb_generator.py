"""An ITTR-style image-to-image generator: conv encoder, 9 hybrid perception blocks, conv decoder."""

import torch.nn as nn
from ITTR_pytorch import HPB


class ITTRGenerator(nn.Module):
    def __init__(self, dim=256, n_blocks=9):
        super().__init__()
        self.encoder = nn.Sequential(
            nn.Conv2d(3, 64, 7, padding=3),
            nn.InstanceNorm2d(64),
            nn.ReLU(),
            nn.Conv2d(64, 128, 3, 2, 1),
            nn.InstanceNorm2d(128),
            nn.ReLU(),
            nn.Conv2d(128, dim, 3, 2, 1),
            nn.InstanceNorm2d(dim),
            nn.ReLU(),
        )
        self.blocks = nn.Sequential(
            *[
                HPB(dim=dim, dim_head=32, heads=8, attn_height_top_k=16, attn_width_top_k=16)
                for _ in range(n_blocks)
            ]
        )
        self.decoder = nn.Sequential(
            nn.ConvTranspose2d(dim, 128, 3, 2, 1, output_padding=1),
            nn.InstanceNorm2d(128),
            nn.ReLU(),
            nn.ConvTranspose2d(128, 64, 3, 2, 1, output_padding=1),
            nn.InstanceNorm2d(64),
            nn.ReLU(),
            nn.Conv2d(64, 3, 7, padding=3),
            nn.Tanh(),
        )


model = ITTRGenerator()
