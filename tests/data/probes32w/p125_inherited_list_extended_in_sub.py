# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class A:
    layers = [1, 2]


class B(A):
    layers = A.layers + [3]


class C(A):
    pass


C.layers.append(4)
WIDTHS = [len(A.layers), len(B.layers), len(C.layers)]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
