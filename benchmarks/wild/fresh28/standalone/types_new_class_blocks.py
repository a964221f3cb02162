"""Block classes made at runtime with `types.new_class` (exec_body fills the namespace) and three-argument `type(...)`."""

import types

import torch.nn as nn


def _init(self, d):
    nn.Module.__init__(self)
    self.fc = nn.Linear(d, d * self.expand)
    self.back = nn.Linear(d * self.expand, d)


Wide = types.new_class(
    "Wide", (nn.Module,), exec_body=lambda ns: ns.update(expand=4, __init__=_init)
)
Narrow = type("Narrow", (nn.Module,), {"expand": 1, "__init__": _init})
model = nn.Sequential(Wide(10), Narrow(10), Wide(6) if False else Narrow(10))
