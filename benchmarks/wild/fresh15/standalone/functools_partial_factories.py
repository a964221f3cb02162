"""Norm / conv / activation factories passed around as functools.partial objects, a partial of a
partial, and a reduce() that folds stage widths into nested Sequentials."""

import functools

import torch.nn as nn

Conv3x3 = functools.partial(nn.Conv2d, kernel_size=3, padding=1, bias=False)
ConvDW = functools.partial(Conv3x3, groups=8)
Norm = functools.partial(nn.GroupNorm, 8)
Act = functools.partial(nn.LeakyReLU, 0.1)


def stage(cin, cout, conv=Conv3x3, norm=Norm, act=Act):
    return nn.Sequential(conv(cin, cout), norm(cout), act(), ConvDW(cout, cout), norm(cout), act())


def fold(acc, w):
    body, cin = acc
    return nn.Sequential(body, stage(cin, w), nn.MaxPool2d(2)), w


body, last = functools.reduce(fold, (32, 64, 128), (nn.Identity(), 3))
model = nn.Sequential(body, nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(last, 12))
