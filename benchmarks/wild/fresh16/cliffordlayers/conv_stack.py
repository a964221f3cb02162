# user code: a small multivector conv encoder with a Clifford linear head
import torch
from cliffordlayers.nn.modules.cliffordconv import CliffordConv2d
from cliffordlayers.nn.modules.cliffordlinear import CliffordLinear
from torch import nn

SIG = (1.0, 1.0)


class MultivectorEncoder(nn.Module):
    def __init__(self, in_ch=2, widths=(8, 16, 16), n_out=4):
        super().__init__()
        layers = []
        prev = in_ch
        for w in widths:
            layers.append(CliffordConv2d(SIG, prev, w, kernel_size=3, padding=1))
            prev = w
        self.convs = nn.ModuleList(layers)
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.head = CliffordLinear(SIG, prev, n_out, bias=True)

    def forward(self, x):
        for conv in self.convs:
            x = torch.relu(conv(x))
        b, c, h, w, i = x.shape
        x = x.mean(dim=(2, 3))
        return self.head(x)


model = MultivectorEncoder(in_ch=3, widths=[8, 8, 12], n_out=2)
