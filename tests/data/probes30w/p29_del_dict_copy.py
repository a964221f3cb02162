# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        sizes = {"a": 4, "b": 0, "c": 8, "d": 0, "e": 16}
        for k in list(sizes):
            if not sizes[k]:
                del sizes[k]
        sizes["b"] = 2
        self.layers = nn.ModuleList(nn.Linear(w, 3) for w in sizes.values())
        self.first = nn.Linear(list(sizes.values())[-1], 5)


model = M()
