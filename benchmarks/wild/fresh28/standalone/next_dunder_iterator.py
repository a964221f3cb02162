"""A hand-written iterator class (`__iter__` returns self, `__next__` raises StopIteration) yields the stage widths."""

import torch.nn as nn


class Doubling:
    def __init__(self, start, stop):
        self.cur, self.stop = start, stop

    def __iter__(self):
        return self

    def __next__(self):
        if self.cur > self.stop:
            raise StopIteration
        w = self.cur
        self.cur *= 2
        return w


widths = Doubling(12, 100)
first = next(widths)  # consumes 12 before the loop sees the iterator
layers, prev = [], 3
for w in widths:
    layers += [nn.Conv2d(prev, w, 3), nn.BatchNorm2d(w)]
    prev = w
model = nn.Sequential(*layers, nn.Conv2d(prev, first, 1))
