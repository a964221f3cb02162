import functools

import torch.nn as nn


class ResidualDenseBlock(nn.Module):
    def __init__(self, nf=64, gc=32, bias=True):
        super().__init__()
        # conv k sees nf + (k - 1) * gc channels
        self.convs = nn.ModuleList(nn.Conv2d(nf + i * gc, gc, 3, 1, 1, bias=bias) for i in range(4))
        self.conv5 = nn.Conv2d(nf + 4 * gc, nf, 3, 1, 1, bias=bias)
        self.lrelu = nn.LeakyReLU(0.2, inplace=True)


class RRDB(nn.Module):
    def __init__(self, nf, gc=32):
        super().__init__()
        self.rdb1 = ResidualDenseBlock(nf, gc)
        self.rdb2 = ResidualDenseBlock(nf, gc)
        self.rdb3 = ResidualDenseBlock(nf, gc)


def make_layer(block, n_layers):
    return nn.Sequential(*[block() for _ in range(n_layers)])


class RRDBNet(nn.Module):
    def __init__(self, in_nc, out_nc, nf, nb, gc=32, scale=4):
        super().__init__()
        self.conv_first = nn.Conv2d(in_nc, nf, 3, 1, 1)
        self.trunk = make_layer(functools.partial(RRDB, nf=nf, gc=gc), nb)
        self.trunk_conv = nn.Conv2d(nf, nf, 3, 1, 1)
        ups = []
        s = scale
        while s > 1:
            ups.append(nn.Conv2d(nf, nf, 3, 1, 1))
            s //= 2
        self.upconvs = nn.ModuleList(ups)
        self.hr_conv = nn.Conv2d(nf, nf, 3, 1, 1)
        self.conv_last = nn.Conv2d(nf, out_nc, 3, 1, 1)


model = RRDBNet(in_nc=3, out_nc=3, nf=16, nb=3, gc=8, scale=4)
