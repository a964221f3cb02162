# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.kept = nn.Linear(4, 4)
        self.__dict__.update({"hidden": nn.Linear(8, 8)})
        vars(self)["other"] = nn.Linear(16, 16)


model = M()
