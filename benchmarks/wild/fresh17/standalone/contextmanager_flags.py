import contextlib

import torch.nn as nn

_STATE = {"bias": True, "norm": "batch"}


@contextlib.contextmanager
def building(**overrides):
    old = dict(_STATE)
    _STATE.update(overrides)
    try:
        yield
    finally:
        _STATE.clear()
        _STATE.update(old)


def conv(cin, cout):
    norm = nn.BatchNorm2d(cout) if _STATE["norm"] == "batch" else nn.GroupNorm(4, cout)
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1, bias=_STATE["bias"]), norm)


with building(bias=False, norm="group"):
    stem = conv(3, 16)
    mid = conv(16, 32)
tail = conv(32, 32)
model = nn.Sequential(stem, mid, tail)
