# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Filtered(nn.Module):
    def __setattr__(self, name, value):
        if name.startswith("aux") and isinstance(value, nn.Module):
            value = nn.Identity()
        super().__setattr__(name, value)


class M(Filtered):
    def __init__(self):
        super().__init__()
        self.aux_head = nn.Linear(64, 64)
        self.main = nn.Linear(8, 8)
        object.__setattr__(self, "aux_plain", 3)


model = M()
