import torch.nn as nn


class Cfg:
    def __init__(self):
        self.dim = 4

    def __getattr__(self, k):
        if k.startswith("_"):
            raise AttributeError(k)
        if hasattr(self, "_" + k):
            return getattr(self, "_" + k)
        raise AttributeError(k)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        c = Cfg()
        self.a = nn.Linear(c.dim, 7 if hasattr(c, "hidden") else 3)
        self.b = nn.Linear(2, getattr(c, "out", 5))
