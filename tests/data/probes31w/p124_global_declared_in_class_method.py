# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

SIZES = []


class Builder:
    def build(self):
        global SIZES
        SIZES = SIZES + [3]
        return SIZES


Builder().build()
Builder().build()


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(s, 1) for s in SIZES)


model = M()
