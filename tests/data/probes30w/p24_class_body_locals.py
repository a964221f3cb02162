# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Widths:
    for i in range(3):
        locals()[f"w{i}"] = 8 * (i + 1)
    last = i


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(Widths.w2, Widths.w0)
        self.b = nn.Linear(Widths.last + 1, 2)


model = M()
