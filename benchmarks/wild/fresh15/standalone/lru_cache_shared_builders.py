"""Blocks made by an functools.lru_cache builder: equal arguments return the SAME module object,
so the repeated stages share their weights (a 'recurrent' ResNet made by accident on purpose)."""

import functools

import torch.nn as nn


@functools.lru_cache(maxsize=None)  # noqa: UP033  (the repository's own spelling)
def conv_block(cin, cout, stride=1):
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, stride=stride, padding=1, bias=False),
        nn.BatchNorm2d(cout),
        nn.SiLU(),
    )


class RecurrentResNet(nn.Module):
    def __init__(self, widths=(32, 64, 128), repeats=3, classes=10):
        super().__init__()
        self.stem = conv_block(3, widths[0])
        stages = []
        prev = widths[0]
        for w in widths:
            blocks = [conv_block(prev, w, 2 if w != prev else 1)]
            blocks += [conv_block(w, w) for _ in range(repeats)]
            stages.append(nn.Sequential(*blocks))
            prev = w
        self.stages = nn.Sequential(*stages)
        self.head = nn.Linear(prev, classes)


model = RecurrentResNet()
