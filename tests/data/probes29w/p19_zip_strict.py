# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

INS = [4, 8, 16]
OUTS = [8, 16]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        try:
            pairs = list(zip(INS, OUTS, strict=True))
        except ValueError:
            pairs = list(zip(INS, INS))
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in pairs)


model = M()
