# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        queue = [4, 8, 0, 16]
        ws = list(iter(lambda: queue.pop(0), 0))
        self.layers = nn.ModuleList(nn.Linear(w, 1) for w in ws)
        self.rest = nn.Linear(len(queue) + 1, 2)


model = M()
