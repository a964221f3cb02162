# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        names = ["w10", "w9", "w100"]
        first = sorted(names)[0]
        self.a = nn.Linear(int(first[1:]), 2)
        self.b = nn.Linear(int(max(["10", "9"])), 2)
        self.c = nn.Linear(4, 4) if (1, 2) < (1, 2, 0) else nn.Linear(4, 9)


model = M()
