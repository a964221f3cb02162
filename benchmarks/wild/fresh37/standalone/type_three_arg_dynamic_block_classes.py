# block classes made with type(name, bases, namespace) in a loop, then used to build a net
import torch.nn as nn


def make_block_class(kind, expansion):
    def __init__(self, c):
        nn.Module.__init__(self)
        self.fc1 = nn.Linear(c, c * self.expansion)
        self.fc2 = nn.Linear(c * self.expansion, c)

    return type(
        f"{kind.title()}Block", (nn.Module,), {"__init__": __init__, "expansion": expansion}
    )


classes = {k: make_block_class(k, e) for k, e in [("narrow", 1), ("wide", 4), ("huge", 8)]}
model = nn.Sequential(
    classes["narrow"](48), classes["wide"](48), classes["huge"](48), classes["wide"](48)
)
