import torch.nn as nn


class Cfg:
    def __init__(self, **kw):
        self.__dict__.update(kw)

    def __getattr__(self, k):
        return None


class M(nn.Module):
    def __init__(self):
        super().__init__()
        c = Cfg(dim=4)
        self.a = nn.Linear(c.dim, c.out or 3)
        self.b = nn.Linear(2, 5 if hasattr(c, "whatever") else 7)
