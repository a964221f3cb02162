import torch.nn as nn
from pytorch_tcn import TemporalConv1d

layers = []
ch = 1
for i, out in enumerate([16, 32, 32]):
    layers += [TemporalConv1d(ch, out, kernel_size=3, dilation=2**i, causal=True), nn.ReLU()]
    ch = out
model = nn.Sequential(*layers)
