# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = sorted([16, 8, 120], key=str)
        top = max(["8", "16", "120"])
        self.a = nn.Linear(ws[0], ws[-1])
        self.b = nn.Linear(int(top), 2)
        self.c = nn.Linear(sum([True, False, True]) + 1, 2)


model = M()
