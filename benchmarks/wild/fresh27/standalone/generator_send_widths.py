"""Layer widths come from a coroutine-style generator: each `send` passes the previous width back in."""

import torch.nn as nn


def width_schedule(start):
    width = start
    while True:
        got = yield width
        width = got // 2 if got > 16 else got + 8


class Tower(nn.Module):
    def __init__(self, start, depth):
        super().__init__()
        sched = width_schedule(start)
        prev = next(sched)
        layers = []
        for _ in range(depth):
            nxt = sched.send(prev)
            layers.append(nn.Linear(prev, nxt))
            prev = nxt
        self.layers = nn.Sequential(*layers)


model = Tower(start=64, depth=4)
