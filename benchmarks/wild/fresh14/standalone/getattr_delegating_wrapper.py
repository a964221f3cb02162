"""A wrapper module that delegates unknown attributes to its inner model via __getattr__ and adds an adapter."""

import torch.nn as nn


class Backbone(nn.Module):
    def __init__(self, d=128, depth=4):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(d, d) for _ in range(depth))
        self.d = d


class Adapted(nn.Module):
    def __init__(self, inner: nn.Module, bottleneck=16):
        super().__init__()
        self.inner = inner
        self.adapters = nn.ModuleList(
            nn.Sequential(nn.Linear(self.d, bottleneck), nn.ReLU(), nn.Linear(bottleneck, self.d))
            for _ in self.layers
        )

    def __getattr__(self, name):
        try:
            return super().__getattr__(name)
        except AttributeError:
            return getattr(self._modules["inner"], name)


model = Adapted(Backbone(d=96, depth=5), bottleneck=12)
for p in model.inner.parameters():
    p.requires_grad = False
