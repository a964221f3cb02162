# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        a = "ß".upper()
        b = "ß".casefold()
        c = "İ".lower()
        self.a = nn.Linear(len(a) + len(b), len(c) + 1)


model = M()
