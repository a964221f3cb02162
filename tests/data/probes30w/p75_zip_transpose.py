# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        grid = [(4, 8), (16, 32), (2, 6)]
        ins, outs = zip(*grid)
        self.layers = nn.ModuleList(nn.Linear(i, o) for i, o in zip(ins, outs[1:]))
        names = ["ab", "c", "de", "f"]
        self.b = nn.Linear(
            len(min(names, key=len)) + len(max(names, key=len)), ord(min(names, key=len)) - 96
        )


model = M()
