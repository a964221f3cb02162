import torch.nn as nn


class Cfg(dict):
    def __getattr__(self, k):
        return self.get(k, 0)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        c = Cfg(dim=4)
        self.a = nn.Linear(c.dim, 2 + getattr(c, "extra", 5))
        self.b = nn.Linear(3, 1 + int(hasattr(c, "missing")))
