# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(64, 64)
        self.body = nn.Sequential(nn.Linear(8, 8), nn.Linear(8, 8), nn.Linear(8, 8))
        del self.head
        del self.body[0]
        self.head = nn.Linear(4, 4)
        self.extra = nn.Linear(16, 16)
        delattr(self, "extra")


model = M()
