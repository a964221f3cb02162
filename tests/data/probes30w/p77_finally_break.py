# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        seen = 0
        for w in (4, 8, 16, 32):
            try:
                if w > 8:
                    break
                if w == 4:
                    continue
            finally:
                seen += 1
        self.a = nn.Linear(seen * 4, w)
        n = 0
        while n < 5:
            n += 2
            if n == 4:
                break
        else:
            n = 100
        self.b = nn.Linear(n, 2)


model = M()
