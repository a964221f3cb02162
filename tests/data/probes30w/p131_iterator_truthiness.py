# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        empty_gen = (x for x in [])
        empty_map = map(int, [])
        empty_zip = zip([], [])
        empty_filter = filter(None, [0, 0])
        self.a = nn.Linear(4, 4) if empty_gen else nn.Linear(4, 9)
        self.b = nn.Linear(3, 3) if empty_map else nn.Linear(3, 11)
        self.c = nn.Linear(2, 2) if empty_zip else nn.Linear(2, 13)
        self.d = nn.Linear(5, 5) if empty_filter else nn.Linear(5, 17)
        self.e = nn.Linear(6, 6) if range(0) else nn.Linear(6, 19)


model = M()
