"""Modules named by a closure with a `nonlocal` counter and registered through setattr; some skipped by a filter."""

import torch.nn as nn


def namer(prefix):
    n = 0

    def next_name():
        nonlocal n
        n += 1
        return f"{prefix}{n}"

    return next_name


class Net(nn.Module):
    def __init__(self, widths=(32, 64, 64, 128, 128, 256), keep=lambda i: i % 3 != 2):
        super().__init__()
        name = namer("layer")
        prev = 16
        for i, w in enumerate(widths):
            if not keep(i):
                continue
            setattr(self, name(), nn.Linear(prev, w))
            prev = w
        self.head = nn.Linear(prev, 3)


model = Net()
