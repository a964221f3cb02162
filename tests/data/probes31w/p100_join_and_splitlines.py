# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        s = "a\nb\r\nc\n"
        a = s.splitlines()
        b = s.split("\n")
        c = "-".join("abc")
        self.a = nn.Linear(len(a), len(b))
        self.b = nn.Linear(len(c), 2)


model = M()
