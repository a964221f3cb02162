# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import dataclasses


@dataclasses.dataclass(order=True)
class Spec:
    depth: int
    width: int


class M(nn.Module):
    def __init__(self):
        super().__init__()
        xs = sorted([Spec(2, 9), Spec(1, 7), Spec(2, 3)])
        self.layers = nn.ModuleList(nn.Linear(s.width, 1) for s in xs[:2])


model = M()
