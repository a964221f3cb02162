# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self._modules["a"] = nn.Linear(4, 4)
        self._modules.update(b=nn.Linear(8, 2))
        self._modules.pop("a")
        self.add_module("c", nn.Linear(2, 2))
        self.register_module("d", nn.Linear(3, 3))


model = M()
