# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(8, 8)
        object.__setattr__(self, "hidden", nn.Linear(64, 64))
        self.__dict__["aux"] = nn.Linear(32, 32)


model = M()
