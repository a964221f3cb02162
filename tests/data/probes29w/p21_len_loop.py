# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Stages:
    def __init__(self, depth):
        self.depth = depth

    def __len__(self):
        return self.depth * 2 - 1


class M(nn.Module):
    def __init__(self):
        super().__init__()
        s = Stages(3)
        self.layers = nn.ModuleList(nn.Linear(8, 8) for _ in range(len(s)))


model = M()
