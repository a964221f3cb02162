"""halonet_pytorch: a small user CNN with HaloAttention in its middle (fresh batch, benchmarks/wild/fresh)."""

import torch.nn as nn
from halonet_pytorch import HaloAttention


class HaloNetish(nn.Module):
    def __init__(self, channels=(32, 64), block_size=4, halo_size=1, num_classes=10):
        super().__init__()
        c1, c2 = channels
        self.stem = nn.Conv2d(3, c1, kernel_size=3, padding=1)
        self.attn = HaloAttention(dim=c1, block_size=block_size, halo_size=halo_size, dim_head=16, heads=4)
        self.down = nn.Conv2d(c1, c2, kernel_size=3, stride=2, padding=1)
        self.attn2 = HaloAttention(dim=c2, block_size=block_size, halo_size=halo_size, dim_head=16, heads=2)
        self.head = nn.Linear(c2, num_classes)

    def forward(self, x):
        x = self.attn(self.stem(x))
        x = self.attn2(self.down(x))
        return self.head(x.mean((2, 3)))


model = HaloNetish(channels=(48, 96), block_size=8, halo_size=2)
