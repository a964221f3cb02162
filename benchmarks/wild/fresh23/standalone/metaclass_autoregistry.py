"""A metaclass that records every head class by a `kind` attribute; heads are then built by kind."""

from torch import nn

HEADS = {}


class HeadMeta(type(nn.Module)):
    def __new__(mcs, name, bases, ns):
        cls = super().__new__(mcs, name, bases, ns)
        if ns.get("kind"):
            HEADS[ns["kind"]] = cls
        return cls


class Head(nn.Module, metaclass=HeadMeta):
    kind = None


class Linear(Head):
    kind = "linear"

    def __init__(self, dim, n):
        super().__init__()
        self.fc = nn.Linear(dim, n)


class Mlp(Head):
    kind = "mlp"

    def __init__(self, dim, n):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim, 2 * dim), nn.Tanh(), nn.Linear(2 * dim, n))


class Bilinear(Head):
    kind = "bilinear"

    def __init__(self, dim, n):
        super().__init__()
        self.bi = nn.Bilinear(dim, dim, n)


class Net(nn.Module):
    def __init__(self, dim=16, heads=(("linear", 4), ("mlp", 3), ("bilinear", 2))):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(8, dim), nn.ReLU())
        self.heads = nn.ModuleList(HEADS[k](dim, n) for k, n in heads)


model = Net(dim=16, heads=(("linear", 4), ("mlp", 3), ("bilinear", 2)))
