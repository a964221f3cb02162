# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

SEEN = []


class Block(nn.Module):
    def __init__(self, w):
        super().__init__()
        SEEN.append(w)
        self.l = nn.Linear(w, w)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = Block(4)
        self.b = nn.ModuleList(nn.Linear(w, 1) for w in SEEN)


model = M()
