"""An input adapter applied through a forward pre-hook: the adapter Linear lives only in the hook's closure."""

import functools

from torch import nn


def _adapt(adapter, module, args):
    (x,) = args
    return (adapter(x),)


class Classifier(nn.Module):
    def __init__(self, raw=20, dim=32, n=4):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(dim, dim), nn.ReLU(), nn.Linear(dim, n))
        adapter = nn.Linear(raw, dim)  # not assigned to self: not a submodule
        self._handle = self.body.register_forward_pre_hook(functools.partial(_adapt, adapter))


model = Classifier(raw=20, dim=32, n=4)
