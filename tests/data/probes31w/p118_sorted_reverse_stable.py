# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        items = [("a", 2), ("b", 1), ("c", 2), ("d", 1)]
        s = sorted(items, key=lambda t: t[1], reverse=True)
        r = sorted(items, key=lambda t: t[1])[::-1]
        self.a = nn.Linear(ord(s[0][0]) - 94, ord(r[0][0]) - 94)


model = M()
