# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        a = max("10", "9")
        b = sorted(["10", "9", "100"])[0]
        c = min(["b", "B", "a"])
        self.a = nn.Linear(int(a), int(b))
        self.b = nn.Linear(ord(c) - 60, 2)


model = M()
