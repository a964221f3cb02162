# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    history = []

    def __init__(self):
        super().__init__()
        self.history.append(8)
        self.layers = nn.ModuleList(nn.Linear(w, 2) for w in self.history)


model = M()
