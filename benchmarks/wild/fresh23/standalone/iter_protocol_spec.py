"""A spec object that yields its layers through __iter__; the model is nn.Sequential(*spec)."""

from torch import nn


class ConvSpec:
    def __init__(self, channels, kernel=3, pool_every=2):
        self.channels = channels
        self.kernel = kernel
        self.pool_every = pool_every

    def __iter__(self):
        for i, (cin, cout) in enumerate(zip(self.channels, self.channels[1:]), start=1):
            yield nn.Conv2d(cin, cout, self.kernel, padding=self.kernel // 2)
            yield nn.BatchNorm2d(cout)
            yield nn.ReLU()
            if i % self.pool_every == 0:
                yield nn.MaxPool2d(2)

    def __len__(self):
        return sum(1 for _ in self)


spec = ConvSpec(channels=[3, 12, 12, 24, 24, 48], kernel=3, pool_every=2)
model = nn.Sequential(*spec, nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(48, 6))
