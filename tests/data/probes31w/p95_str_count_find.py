# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        a = "aaaa".count("aa")
        b = "abc".find("z")
        c = "abcabc".rfind("b")
        d = "abc".count("")
        self.a = nn.Linear(a, b + 5)
        self.b = nn.Linear(c, d)


model = M()
