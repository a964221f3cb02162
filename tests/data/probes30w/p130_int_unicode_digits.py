# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(int("٣") + 1, int("0b101", 0))
        self.b = nn.Linear(int("12", 8), int("z", 36))
        self.c = nn.Linear(len(str(2**10)), len(hex(255)))


model = M()
