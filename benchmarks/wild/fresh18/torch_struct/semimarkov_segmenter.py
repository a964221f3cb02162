import torch
from torch import nn
import torch_struct


class Segmenter(nn.Module):
    def __init__(self, d_in=40, d=32, k=6, classes=4):
        super().__init__()
        self.k = k
        self.enc = nn.GRU(d_in, d, num_layers=2, batch_first=True)
        self.span = nn.Linear(d, k * classes * classes)

    def forward(self, x):
        h, _ = self.enc(x)
        b, n, _ = h.shape
        pot = self.span(h[:, 1:]).view(b, n - 1, self.k, -1)
        return torch_struct.SemiMarkovCRF(pot.view(b, n - 1, self.k, int(pot.shape[-1] ** 0.5), -1))


model = Segmenter(d_in=13, d=24, k=4, classes=3)
