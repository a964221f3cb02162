"""A two-level complex U-Net for k-space MRI reconstruction; blocks come from a name -> factory table,
the decoder uses complex transposed convolutions, normalization is chosen by a flag."""

import torch
import torch.nn as nn
from complexPyTorch.complexLayers import (
    ComplexBatchNorm2d,
    ComplexConv2d,
    ComplexConvTranspose2d,
    ComplexReLU,
    NaiveComplexBatchNorm2d,
)

NORMS = {"naive": NaiveComplexBatchNorm2d, "whitening": ComplexBatchNorm2d, "none": None}


class CBlock(nn.Module):
    def __init__(self, cin, cout, norm="naive"):
        super().__init__()
        norm_cls = NORMS[norm]
        self.c1 = ComplexConv2d(cin, cout, 3, padding=1)
        self.n1 = norm_cls(cout) if norm_cls else nn.Identity()
        self.c2 = ComplexConv2d(cout, cout, 3, padding=1, bias=False)
        self.act = ComplexReLU()

    def forward(self, x):
        return self.act(self.c2(self.act(self.n1(self.c1(x)))))


class ComplexUNet(nn.Module):
    def __init__(self, chans=8, in_ch=1, norm="naive"):
        super().__init__()
        self.enc1 = CBlock(in_ch, chans, norm)
        self.enc2 = CBlock(chans, chans * 2, norm)
        self.down = ComplexConv2d(chans, chans, 2, stride=2)
        self.up = ComplexConvTranspose2d(chans * 2, chans, 2, stride=2)
        self.dec1 = CBlock(chans * 2, chans, "whitening")
        self.out = ComplexConv2d(chans, in_ch, 1)

    def forward(self, x):
        e1 = self.enc1(x)
        e2 = self.enc2(self.down(e1))
        return self.out(self.dec1(torch.cat([self.up(e2), e1], 1)))


model = ComplexUNet(chans=8, in_ch=1, norm="naive")
