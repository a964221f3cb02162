"""A reversible residual stack: memcnn AdditiveCoupling blocks wrapped in InvertibleModuleWrapper."""

import memcnn
import torch.nn as nn


class ConvF(nn.Module):
    def __init__(self, ch):
        super().__init__()
        self.body = nn.Sequential(
            nn.BatchNorm2d(ch), nn.ReLU(), nn.Conv2d(ch, ch, 3, padding=1, bias=False)
        )

    def forward(self, x):
        return self.body(x)


def rev_block(channels):
    half = channels // 2
    coupling = memcnn.AdditiveCoupling(Fm=ConvF(half), Gm=ConvF(half))
    return memcnn.InvertibleModuleWrapper(fn=coupling, keep_input=True, keep_input_inverse=True)


class RevNet(nn.Module):
    def __init__(self, channels=32, depth=4, classes=10):
        super().__init__()
        self.stem = nn.Conv2d(3, channels, 3, padding=1)
        self.blocks = nn.Sequential(*[rev_block(channels) for _ in range(depth)])
        self.head = nn.Linear(channels, classes)


model = RevNet(channels=32, depth=4, classes=10)
