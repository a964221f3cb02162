"""Width multiplier carried by a contextvars.ContextVar set in a context manager while building."""

import contextlib
import contextvars
import math

import torch.nn as nn

WIDTH = contextvars.ContextVar("width", default=1.0)


@contextlib.contextmanager
def width(mult):
    token = WIDTH.set(mult)
    try:
        yield
    finally:
        WIDTH.reset(token)


def ch(c, divisor=8):
    v = c * WIDTH.get()
    return max(divisor, int(math.ceil(v / divisor) * divisor))


class DWBlock(nn.Module):
    def __init__(self, cin, cout, stride):
        super().__init__()
        cin, cout = ch(cin), ch(cout)
        self.dw = nn.Conv2d(cin, cin, 3, stride, 1, groups=cin, bias=False)
        self.bn1 = nn.BatchNorm2d(cin)
        self.pw = nn.Conv2d(cin, cout, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(cout)


class MobileNetV1(nn.Module):
    SPEC = [(32, 64, 1), (64, 128, 2), (128, 128, 1), (128, 256, 2), (256, 256, 1), (256, 512, 2)]

    def __init__(self, classes=1000):
        super().__init__()
        self.stem = nn.Conv2d(3, ch(32), 3, 2, 1, bias=False)
        self.blocks = nn.Sequential(*(DWBlock(a, b, s) for a, b, s in self.SPEC))
        self.fc = nn.Linear(ch(512), classes)


with width(0.75):
    model = MobileNetV1(classes=200)
