# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        for w in (4, 8, 16):
            if w > 20:
                break
        else:
            w = 64
        self.a = nn.Linear(w, 2)
        i = 0
        while i < 5:
            i += 2
            if i == 4:
                break
        else:
            i = 100
        self.b = nn.Linear(i, 2)


model = M()
