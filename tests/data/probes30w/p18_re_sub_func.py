# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import re

import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        spec = re.sub(r"\d+", lambda m: str(int(m.group()) * 2), "w8_h4")
        w, h = (int(p[1:]) for p in spec.split("_"))
        self.a = nn.Linear(w, h)
        n = re.subn(r"x", "y", "xax")[1]
        self.b = nn.Linear(n, 3)


model = M()
