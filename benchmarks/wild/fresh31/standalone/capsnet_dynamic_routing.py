"""A CapsNet (Sabour et al.) at small size: conv1, primary capsules as one conv of caps * dim channels,
digit capsules holding one routing weight W[1, routes, classes, out_dim, in_dim], and a reconstruction
decoder from the masked digit capsules."""

import torch
import torch.nn as nn


class PrimaryCaps(nn.Module):
    def __init__(self, in_ch, num_caps, caps_dim, kernel=9, stride=2):
        super().__init__()
        self.caps_dim = caps_dim
        self.conv = nn.Conv2d(in_ch, num_caps * caps_dim, kernel, stride)


class DigitCaps(nn.Module):
    def __init__(self, num_routes, in_dim, num_classes, out_dim, iterations=3):
        super().__init__()
        self.iterations = iterations
        self.W = nn.Parameter(0.01 * torch.randn(1, num_routes, num_classes, out_dim, in_dim))


class CapsNet(nn.Module):
    def __init__(
        self,
        image=20,
        channels=1,
        conv_ch=32,
        primary_caps=8,
        primary_dim=4,
        classes=5,
        digit_dim=8,
    ):
        super().__init__()
        self.conv1 = nn.Conv2d(channels, conv_ch, 9)
        side = ((image - 8) - 9) // 2 + 1
        self.primary = PrimaryCaps(conv_ch, primary_caps, primary_dim)
        self.digits = DigitCaps(primary_caps * side * side, primary_dim, classes, digit_dim)
        self.decoder = nn.Sequential(
            nn.Linear(classes * digit_dim, 64),
            nn.ReLU(inplace=True),
            nn.Linear(64, 128),
            nn.ReLU(inplace=True),
            nn.Linear(128, image * image * channels),
            nn.Sigmoid(),
        )


model = CapsNet(
    image=20, channels=1, conv_ch=32, primary_caps=8, primary_dim=4, classes=5, digit_dim=8
)
