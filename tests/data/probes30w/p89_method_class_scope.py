# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

width = 4


class Block(nn.Module):
    width = 32

    def __init__(self):
        super().__init__()
        self.a = nn.Linear(width, 2)
        self.b = nn.Linear(self.width, 2)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.blk = Block()


model = M()
