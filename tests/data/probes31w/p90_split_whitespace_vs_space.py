# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        s = " a  b c "
        self.a = nn.Linear(len(s.split()), len(s.split(" ")))
        self.b = nn.Linear(len("".split()) + 1, len("".split(",")))


model = M()
