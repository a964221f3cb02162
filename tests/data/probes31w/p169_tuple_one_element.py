# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        a = 8
        b = (8,)
        c = (8,)
        ws = [a] if isinstance(a, int) else list(a)
        self.a = nn.Linear(ws[0], len(b) + len(c))


model = M()
