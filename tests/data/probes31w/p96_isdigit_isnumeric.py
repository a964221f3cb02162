# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        toks = ["12", "²", "½", "٣", "3.5", "-4"]
        a = sum(t.isdigit() for t in toks)
        b = sum(t.isnumeric() for t in toks)
        c = sum(t.isdecimal() for t in toks)
        self.a = nn.Linear(a, b)
        self.b = nn.Linear(c, 2)


model = M()
