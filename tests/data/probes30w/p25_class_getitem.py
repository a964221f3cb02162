# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Sized:
    n = 1

    def __class_getitem__(cls, n):
        return type(f"Sized{n}", (cls,), {"n": n * 2})


class M(nn.Module):
    def __init__(self):
        super().__init__()
        S = Sized[16]
        self.a = nn.Linear(S.n, Sized.n + 1)


model = M()
