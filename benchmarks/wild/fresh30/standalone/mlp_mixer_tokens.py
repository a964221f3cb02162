"""An MLP-Mixer: a patch-embedding conv, mixer blocks with a token-mixing MLP over the patch axis and a
channel-mixing MLP, each behind a LayerNorm; the token MLP width is half the patch count times 4."""

import torch.nn as nn


class MlpBlock(nn.Module):
    def __init__(self, dim, hidden):
        super().__init__()
        self.fc1 = nn.Linear(dim, hidden)
        self.act = nn.GELU()
        self.fc2 = nn.Linear(hidden, dim)


class MixerBlock(nn.Module):
    def __init__(self, num_patches, dim, tokens_hidden, channels_hidden):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim)
        self.token_mix = MlpBlock(num_patches, tokens_hidden)
        self.norm2 = nn.LayerNorm(dim)
        self.channel_mix = MlpBlock(dim, channels_hidden)


class MlpMixer(nn.Module):
    def __init__(self, image=32, patch=8, dim=64, depth=4, num_classes=10):
        super().__init__()
        n = (image // patch) ** 2
        self.stem = nn.Conv2d(3, dim, patch, patch)
        self.blocks = nn.Sequential(
            *[MixerBlock(n, dim, n // 2 * 4, dim * 4) for _ in range(depth)]
        )
        self.norm = nn.LayerNorm(dim)
        self.head = nn.Linear(dim, num_classes)


model = MlpMixer(image=32, patch=8, dim=64, depth=4, num_classes=10)
