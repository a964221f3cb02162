# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.kept = nn.Linear(4, 4)
        object.__setattr__(self, "hidden", nn.Linear(8, 8))
        super(nn.Module, self).__setattr__("other", nn.Linear(16, 16))
        nn.Module.__setattr__(self, "seen", nn.Linear(2, 2))


model = M()
