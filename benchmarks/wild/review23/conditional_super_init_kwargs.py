import torch.nn as nn


class Base(nn.Module):
    def __init__(self, dim=4, **kwargs):
        super().__init__()
        self.dim = dim
        self.unused = kwargs


class Net(Base):
    def __init__(self, **kwargs):
        kwargs.setdefault("dim", 6)
        super().__init__(**kwargs)
        self.fc = nn.Linear(self.dim, len(self.unused) + 1)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = Net()
        self.b = Net(dim=3, extra=1, more=2)
