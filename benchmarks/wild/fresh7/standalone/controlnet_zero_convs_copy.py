"""ControlNet on a small U-Net encoder: a trainable deep copy of the frozen encoder, zero convs."""

import copy

import torch.nn as nn


def zero_module(m):
    for p in m.parameters():
        nn.init.zeros_(p)
    return m


class Encoder(nn.Module):
    def __init__(self, c=(64, 128, 256)):
        super().__init__()
        self.inp = nn.Conv2d(4, c[0], 3, padding=1)
        self.down = nn.ModuleList()
        for a, b in zip(c, c[1:] + (c[-1],)):
            self.down.append(
                nn.Sequential(
                    nn.GroupNorm(32, a), nn.SiLU(), nn.Conv2d(a, b, 3, 2 if a != b else 1, 1)
                )
            )
        self.time = nn.Sequential(nn.Linear(64, 256), nn.SiLU(), nn.Linear(256, 256))


class ControlledUNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = Encoder()
        self.encoder.requires_grad_(False)
        self.decoder = nn.Sequential(
            nn.ConvTranspose2d(256, 128, 2, 2),
            nn.SiLU(),
            nn.ConvTranspose2d(128, 64, 2, 2),
            nn.SiLU(),
            nn.Conv2d(64, 4, 3, padding=1),
        )
        self.decoder.requires_grad_(False)
        self.control = copy.deepcopy(self.encoder)
        self.control.requires_grad_(True)
        self.hint = nn.Sequential(
            nn.Conv2d(3, 16, 3, padding=1),
            nn.SiLU(),
            nn.Conv2d(16, 32, 3, 2, 1),
            nn.SiLU(),
            zero_module(nn.Conv2d(32, 64, 3, padding=1)),
        )
        self.zero_convs = nn.ModuleList(
            zero_module(nn.Conv2d(c, c, 1)) for c in (64, 128, 256, 256)
        )


model = ControlledUNet()
