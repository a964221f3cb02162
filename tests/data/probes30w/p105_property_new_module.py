# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.h1 = self.head
        self.h2 = self.head
        self.same = self.h1

    @property
    def head(self):
        return nn.Linear(4, 4)


model = M()
