"""A contextlib.contextmanager pushes a width multiplier on a module-level stack; layers built inside
`with width(...)` blocks read the innermost multiplier (nested scopes)."""

from contextlib import contextmanager

import torch.nn as nn

_WIDTH = [1.0]


@contextmanager
def width(mult):
    _WIDTH.append(_WIDTH[-1] * mult)
    try:
        yield
    finally:
        _WIDTH.pop()


def ch(c):
    return max(8, int(c * _WIDTH[-1]))


def stage(cin, cout, n):
    layers = []
    for i in range(n):
        layers += [
            nn.Conv2d(cin if i == 0 else cout, cout, 3, padding=1),
            nn.BatchNorm2d(cout),
            nn.ReLU(),
        ]
    return nn.Sequential(*layers)


with width(0.5):
    a = ch(64)
    s1 = stage(3, a, 2)
    with width(0.5):
        b = ch(128)
        s2 = stage(a, b, 2)
    c = ch(256)
    s3 = stage(b, c, 3)
fc = nn.Linear(c, ch(10))
model = nn.Sequential(s1, s2, s3, nn.AdaptiveAvgPool2d(1), nn.Flatten(), fc)
