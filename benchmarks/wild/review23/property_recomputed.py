import torch.nn as nn


class Spec:
    def __init__(self, base):
        self.base = base

    @property
    def dim(self):
        return self.base * 4


class M(nn.Module):
    def __init__(self):
        super().__init__()
        s = Spec(2)
        self.a = nn.Linear(s.dim, s.dim)
        s.base = 3
        self.b = nn.Linear(s.dim, 1)
