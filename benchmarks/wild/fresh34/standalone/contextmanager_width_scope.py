import contextlib

import torch.nn as nn

_SCALE = [1.0]


@contextlib.contextmanager
def width_scale(s):
    _SCALE.append(_SCALE[-1] * s)
    try:
        yield _SCALE[-1]
    finally:
        _SCALE.pop()


def linear(i, o):
    return nn.Linear(i, int(o * _SCALE[-1]))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = linear(8, 16)  # 16
        with width_scale(2):
            self.b = linear(16, 16)  # 32
            with width_scale(1.5):
                self.c = linear(32, 16)  # 48
            self.d = linear(48, 8)  # 16
        self.e = linear(16, 4)  # 4


model = Net()
