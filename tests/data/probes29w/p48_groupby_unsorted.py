# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

from itertools import groupby

KINDS = ["conv", "conv", "attn", "conv", "attn"]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        groups = [(k, len(list(g))) for k, g in groupby(KINDS)]
        self.stages = nn.ModuleList(nn.Linear(n * 4, 2) for _, n in groups)


model = M()
