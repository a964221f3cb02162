# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
from functools import partial

import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        make = partial(nn.Linear, 8, bias=False)
        self.a = make(4)
        self.b = make(4, bias=True)
        deeper = partial(make, out_features=16)
        self.c = deeper()


model = M()
