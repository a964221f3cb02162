# ruff: noqa: E701, B006, B007, B904 (written as library code is written)
import torch.nn as nn


class Resolver:
    def __init__(self, classes, base, default=None):
        self.lookup = {c.__name__.lower().replace(base.lower(), ""): c for c in classes}
        self.default = default

    def make(self, query=None, **kw):
        if query is None:
            return self.default(**kw)
        if isinstance(query, str):
            return self.lookup[query.lower()](**kw)
        return query


class ReLUAct(nn.ReLU):
    pass


class TanhAct(nn.Tanh):
    pass


class PReLUAct(nn.PReLU):
    pass


act_resolver = Resolver([ReLUAct, TanhAct, PReLUAct], base="Act", default=ReLUAct)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = act_resolver.make("prelu", num_parameters=4)
        self.b = act_resolver.make()
        self.c = act_resolver.make(nn.PReLU(3))
