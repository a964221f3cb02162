"""FWI with a CNN reparameterisation: a generator produces the velocity that deepwave propagates."""

import deepwave
import torch
import torch.nn as nn


class VelocityGenerator(nn.Module):
    def __init__(self, ny=32, nx=48, latent=16):
        super().__init__()
        self.shape = (ny, nx)
        self.z = nn.Parameter(torch.randn(1, latent, ny // 4, nx // 4))
        self.net = nn.Sequential(
            nn.ConvTranspose2d(latent, 16, 4, stride=2, padding=1),
            nn.LeakyReLU(0.1),
            nn.ConvTranspose2d(16, 1, 4, stride=2, padding=1),
        )

    def forward(self):
        return 1500 + 1500 * torch.sigmoid(self.net(self.z))[0, 0]


class FWI(nn.Module):
    def __init__(self, dx=10.0):
        super().__init__()
        self.gen = VelocityGenerator()
        self.dx = dx

    def forward(self, source_amplitudes, source_locations, receiver_locations, dt):
        v = self.gen()
        return deepwave.scalar(
            v,
            self.dx,
            dt,
            source_amplitudes=source_amplitudes,
            source_locations=source_locations,
            receiver_locations=receiver_locations,
        )


model = FWI(dx=8.0)
