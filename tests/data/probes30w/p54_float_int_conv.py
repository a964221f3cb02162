# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(int(0.29 * 100), int(2.9999999999999999))
        self.b = nn.Linear(int("0x1f", 16), int("  12 "))
        self.c = nn.Linear(int("1_000") // 100, int(0.1 * 3 * 10))
        self.d = nn.Linear(int(1e1), int(0.7 * 10))


model = M()
