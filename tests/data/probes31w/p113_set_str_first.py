# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
# expect: unknown
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        names = {"ab", "cdef", "g"}
        first = next(iter(names))
        self.a = nn.Linear(len(first), 2)


model = M()
