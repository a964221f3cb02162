# norm / activation factories passed as functools.partial objects
from functools import partial

import torch.nn as nn

Norm = partial(nn.BatchNorm2d, eps=1e-3, momentum=0.01)
Act = partial(nn.LeakyReLU, negative_slope=0.1)


def conv_block(cin, cout, norm=Norm, act=Act):
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, padding=1, bias=norm is None),
        *([norm(cout)] if norm else []),
        act(),
    )


model = nn.Sequential(
    conv_block(3, 32),
    conv_block(32, 64, norm=None),
    conv_block(64, 64, norm=partial(nn.GroupNorm, 8)),
    conv_block(64, 128),
)
