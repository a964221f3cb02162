"""Alternative constructors (classmethod from a spec string, staticmethod helpers)."""

import torch.nn as nn


class ConvNet(nn.Module):
    def __init__(self, channels, classes):
        super().__init__()
        self.features = nn.Sequential(*self._stage_pairs(channels))
        self.head = nn.Linear(channels[-1], classes)

    @staticmethod
    def _stage_pairs(channels):
        for a, b in zip(channels, channels[1:]):
            yield nn.Conv1d(a, b, 5, padding=2)
            yield nn.BatchNorm1d(b)
            yield nn.ReLU()

    @classmethod
    def from_spec(cls, spec: str):
        head, _, body = spec.partition(":")
        return cls([int(c) for c in body.split("-")], int(head))


model = ConvNet.from_spec("12:2-16-32-64")
