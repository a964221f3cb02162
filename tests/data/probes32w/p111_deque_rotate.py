# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import collections

q = collections.deque([1, 2, 3, 4])
q.rotate(1)
a = q[0]
q.rotate(-2)
WIDTHS = [a, q[0], q[-1]]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
