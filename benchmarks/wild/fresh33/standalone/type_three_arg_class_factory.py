"""Block classes made with the three-argument type(): a class attribute dict per variant; a factory subclass overrides only the expansion."""

from torch import nn


def _init(self, dim):
    nn.Module.__init__(self)
    hidden = dim * self.expansion
    self.fc1 = nn.Linear(dim, hidden, bias=self.bias)
    self.fc2 = nn.Linear(hidden, dim, bias=self.bias)


Base = type("Base", (nn.Module,), {"expansion": 2, "bias": True, "__init__": _init})
variants = {
    name: type(name, (Base,), attrs)
    for name, attrs in [("Wide", {"expansion": 4}), ("NoBias", {"bias": False}), ("Plain", {})]
}
WideNoBias = type("WideNoBias", (variants["Wide"], variants["NoBias"]), {})

model = nn.Sequential(
    variants["Wide"](12), variants["NoBias"](12), variants["Plain"](12), WideNoBias(12)
)
