# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import dataclasses


@dataclasses.dataclass
class Spec:
    w: int


class Plain:
    def __init__(self, w):
        self.w = w


class M(nn.Module):
    def __init__(self):
        super().__init__()
        xs = [Spec(3), Spec(4), Spec(3)]
        ys = [Plain(3), Plain(3)]
        self.a = nn.Linear(xs.count(Spec(3)) + 1, xs.index(Spec(4)) + 1)
        self.b = nn.Linear(ys.count(Plain(3)) + 1, 2)


model = M()
