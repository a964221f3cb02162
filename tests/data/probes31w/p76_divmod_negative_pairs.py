# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        q, r = divmod(-17, 5)
        q2, r2 = divmod(17, -5)
        self.a = nn.Linear(-q, r)
        self.b = nn.Linear(-q2, -r2)


model = M()
