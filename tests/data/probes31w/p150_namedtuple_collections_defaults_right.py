# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import collections

Spec = collections.namedtuple("Spec", "width depth heads", defaults=(6, 2))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        s = Spec(3)
        self.a = nn.Linear(s.width, s.depth)
        self.b = nn.Linear(s.heads, len(s._asdict()))


model = M()
