# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        n = 48
        self.a = nn.Linear(n.bit_length(), 1 << (n - 1).bit_length())
        self.b = nn.Linear(-(-50 // 8), n & -n)
        self.c = nn.Linear((0b1011).bit_count() if hasattr(int, "bit_count") else 3, ~-5)


model = M()
