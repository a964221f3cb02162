# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import copy

import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        blk = nn.Sequential(nn.Linear(8, 8))
        self.a = blk
        self.b = copy.copy(blk)
        self.b.append(nn.Linear(8, 4))
        self.c = copy.deepcopy(blk)


model = M()
