# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        key = "".join(["w", "ide"])
        same = key is "wide"
        diff = key is not "wide"
        self.a = nn.Linear(8, 16) if same else nn.Linear(8, 4)
        self.b = nn.Linear(4, 4) if diff else nn.Linear(4, 32)
        self.c = nn.Linear(2, 2) if key == "wide" else nn.Linear(2, 64)


model = M()
