"""Kronecker self-attention inserted between the stages of a small CNN."""

import torch.nn as nn
from kronecker_attention_pytorch import KroneckerSelfAttention


def stage(i, o):
    return nn.Sequential(
        nn.Conv2d(i, o, 3, padding=1), nn.BatchNorm2d(o), nn.ReLU(), nn.MaxPool2d(2)
    )


class KronNet(nn.Module):
    def __init__(self, classes=10):
        super().__init__()
        self.s1, self.s2, self.s3 = stage(3, 32), stage(32, 64), stage(64, 128)
        self.attn2 = KroneckerSelfAttention(dim=64, heads=4, dim_heads=16)
        self.attn3 = KroneckerSelfAttention(dim=128, heads=8, dim_heads=32)
        self.fc = nn.Linear(128, classes)


model = KronNet()
