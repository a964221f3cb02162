# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Spec:
    def __init__(self, width, tag):
        self.width, self.tag = width, tag

    def __eq__(self, other):
        return isinstance(other, Spec) and self.width == other.width

    def __hash__(self):
        return hash(self.width)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        specs = [Spec(8, "a"), Spec(16, "b"), Spec(8, "c"), Spec(32, "d")]
        unique = {s: s.tag for s in specs}
        self.layers = nn.ModuleList(nn.Linear(s.width, 2) for s in unique)
        self.n = nn.Linear(len(set(specs)), 2)
        self.has = nn.Linear(4, 4) if Spec(16, "z") in specs else nn.Linear(4, 40)


model = M()
