"""Block classes created at run time with type(), one per activation, then stacked."""

from torch import nn


def _init(self, dim, hidden):
    nn.Module.__init__(self)
    self.fc1 = nn.Linear(dim, hidden)
    self.act = self.act_cls()
    self.fc2 = nn.Linear(hidden, dim)


def _forward(self, x):
    return x + self.fc2(self.act(self.fc1(x)))


BLOCKS = {
    name: type(
        f"{name}Block", (nn.Module,), {"__init__": _init, "forward": _forward, "act_cls": act}
    )
    for name, act in (("Relu", nn.ReLU), ("Gelu", nn.GELU), ("Silu", nn.SiLU))
}

model = nn.Sequential(
    nn.Linear(10, 24),
    BLOCKS["Relu"](24, 48),
    BLOCKS["Gelu"](24, 96),
    BLOCKS["Silu"](24, 48),
    nn.Linear(24, 2),
)
