"""Layer factories passed around as functools.partial objects (a bias-free 3x3 conv, a GroupNorm with
its group count bound, an activation class), as torchvision-style code does with norm_layer=."""

from functools import partial

import torch.nn as nn

Conv3x3 = partial(nn.Conv2d, kernel_size=3, padding=1, bias=False)
Norm = partial(nn.GroupNorm, 8)
Act = partial(nn.LeakyReLU, negative_slope=0.1)


class BasicBlock(nn.Module):
    def __init__(self, cin, cout, stride=1, conv=Conv3x3, norm_layer=Norm, act=Act):
        super().__init__()
        self.c1 = conv(cin, cout, stride=stride)
        self.n1 = norm_layer(cout)
        self.a = act()
        self.c2 = conv(cout, cout)
        self.n2 = norm_layer(cout)
        self.short = (
            nn.Sequential(nn.Conv2d(cin, cout, 1, stride, bias=False), norm_layer(cout))
            if stride != 1 or cin != cout
            else nn.Identity()
        )


class Net(nn.Module):
    def __init__(self, widths=(32, 64, 128), classes=10, norm_layer=Norm):
        super().__init__()
        self.stem = nn.Sequential(Conv3x3(3, widths[0]), norm_layer(widths[0]), Act())
        blocks, c = [], widths[0]
        for i, w in enumerate(widths):
            blocks += [
                BasicBlock(c, w, stride=1 if i == 0 else 2, norm_layer=norm_layer),
                BasicBlock(w, w, norm_layer=norm_layer),
            ]
            c = w
        self.blocks = nn.Sequential(*blocks)
        self.fc = nn.Linear(c, classes)


model = Net(norm_layer=partial(nn.GroupNorm, 16))
