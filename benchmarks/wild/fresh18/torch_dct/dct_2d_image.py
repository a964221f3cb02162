import torch
import torch.nn as nn
from torch_dct import LinearDCT, apply_linear_2d


class FreqConv(nn.Module):
    def __init__(self, size=32, ch=3):
        super().__init__()
        self.lin = LinearDCT(size, type="dct", norm="ortho")
        self.lin.weight.requires_grad = False
        self.conv = nn.Sequential(nn.Conv2d(ch, 16, 3, padding=1), nn.ReLU(), nn.Conv2d(16, ch, 1))

    def forward(self, x):
        return self.conv(apply_linear_2d(x, self.lin))


model = FreqConv(size=16)
