# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Block(nn.Module):
    seen = []

    def __init__(self):
        super().__init__()
        self.seen += [1]
        self.l = nn.Linear(4 * len(self.seen), 2)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList(Block() for _ in range(3))


model = M()
