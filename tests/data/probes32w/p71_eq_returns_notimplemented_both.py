# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class A:
    def __eq__(self, o):
        return NotImplemented


a, b = A(), A()
WIDTHS = [3 if a == a else 4, 5 if a == b else 6]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
