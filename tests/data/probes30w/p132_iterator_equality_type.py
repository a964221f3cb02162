# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        pairs = zip([1, 2], [3, 4])
        self.a = nn.Linear(4, 4) if pairs == [(1, 3), (2, 4)] else nn.Linear(4, 9)
        m = map(str, [1])
        self.b = nn.Linear(3, 3) if isinstance(m, list) else nn.Linear(3, 11)
        self.c = nn.Linear(2, 2) if [1, 2] == (1, 2) else nn.Linear(2, 13)
        e = enumerate("ab")
        self.d = nn.Linear(5, 5) if type(e) is list else nn.Linear(5, 17)


model = M()
