# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
# expect: unknown
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        names = set(["q", "rst", "uvwxy"])
        p = names.pop()
        self.a = nn.Linear(len(p), 2)


model = M()
