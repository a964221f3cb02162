"""Zoo: MLP-Mixer -- token-mixing and channel-mixing MLPs, sizes from patch arithmetic."""

import torch.nn as nn


class MlpBlock(nn.Module):
    def __init__(self, dim, hidden):
        super().__init__()
        self.fc1 = nn.Linear(dim, hidden)
        self.fc2 = nn.Linear(hidden, dim)


class MixerLayer(nn.Module):
    def __init__(self, tokens, channels, token_hidden, channel_hidden):
        super().__init__()
        self.norm1 = nn.LayerNorm(channels)
        self.token_mix = MlpBlock(tokens, token_hidden)
        self.norm2 = nn.LayerNorm(channels)
        self.channel_mix = MlpBlock(channels, channel_hidden)


class Mixer(nn.Module):
    def __init__(self, image=64, patch=16, channels=48, depth=4, classes=10):
        super().__init__()
        tokens = (image // patch) ** 2
        self.stem = nn.Conv2d(3, channels, patch, patch)
        self.layers = nn.Sequential(
            *[MixerLayer(tokens, channels, tokens * 2, channels * 4) for _ in range(depth)]
        )
        self.head = nn.Linear(channels, classes)


ENTRY = "Mixer"
CONFIG = None
INPUT = None


def build():
    return Mixer()
