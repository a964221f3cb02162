# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        e = 4
        try:
            raise ValueError(16)
        except ValueError as e:
            w = e.args[0]
        try:
            self.a = nn.Linear(e, 2)
        except NameError:
            self.a = nn.Linear(w, 2)


model = M()
