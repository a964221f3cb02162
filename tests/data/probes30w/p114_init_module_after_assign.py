# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Block(nn.Module):
    def __init__(self, w):
        self.w = w
        super().__init__()
        self.l = nn.Linear(self.w, 2)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        try:
            self.b = Block(4)
        except AttributeError:
            self.b = nn.Linear(9, 9)


model = M()
