# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(int("0x10", 0), int("11", 2))
        self.b = nn.Linear(int("0o17", 8), int(" 12 "))


model = M()
