# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
from collections import deque


class M(nn.Module):
    def __init__(self):
        super().__init__()
        q = deque(maxlen=3)
        for w in (2, 3, 4, 5, 6):
            q.append(w)
        q.appendleft(7)
        self.layers = nn.ModuleList(nn.Linear(w, 1) for w in q)


model = M()
