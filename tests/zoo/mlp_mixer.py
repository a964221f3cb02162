"""Zoo: MLP-Mixer -- token-mixing and channel-mixing MLPs, sizes from patch arithmetic."""

import torch.nn as nn
import torch.nn.functional as F


class MlpBlock(nn.Module):
    def __init__(self, dim, hidden):
        super().__init__()
        self.fc1 = nn.Linear(dim, hidden)
        self.fc2 = nn.Linear(hidden, dim)

    def forward(self, x):
        return self.fc2(F.gelu(self.fc1(x)))


class MixerLayer(nn.Module):
    def __init__(self, tokens, channels, token_hidden, channel_hidden):
        super().__init__()
        self.norm1 = nn.LayerNorm(channels)
        self.token_mix = MlpBlock(tokens, token_hidden)
        self.norm2 = nn.LayerNorm(channels)
        self.channel_mix = MlpBlock(channels, channel_hidden)

    def forward(self, x):  # (B, tokens, channels)
        x = x + self.token_mix(self.norm1(x).transpose(1, 2)).transpose(1, 2)
        return x + self.channel_mix(self.norm2(x))


class Mixer(nn.Module):
    def __init__(self, image=64, patch=16, channels=48, depth=4, classes=10):
        super().__init__()
        tokens = (image // patch) ** 2
        self.stem = nn.Conv2d(3, channels, patch, patch)
        self.layers = nn.Sequential(
            *[MixerLayer(tokens, channels, tokens * 2, channels * 4) for _ in range(depth)]
        )
        self.head = nn.Linear(channels, classes)

    def forward(self, images):
        x = self.stem(images).flatten(2).transpose(1, 2)  # (B, tokens, channels)
        x = self.layers(x)
        return self.head(x.mean(dim=1))


ENTRY = "Mixer"
CONFIG = None
INPUT = (2, 3, 64, 64)


def build():
    return Mixer()
