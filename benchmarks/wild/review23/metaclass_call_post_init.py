import torch.nn as nn


class PostMeta(type(nn.Module)):
    def __call__(cls, *a, **k):
        obj = super().__call__(*a, **k)
        obj.__post_init__()
        return obj


class Base(nn.Module, metaclass=PostMeta):
    def __post_init__(self):
        self.head = nn.Linear(self.width, 2)


class Net(Base):
    def __init__(self, width=5):
        super().__init__()
        self.width = width
        self.fc = nn.Linear(3, width)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.n = Net(width=7)
