# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

COUNT = 2


def bump():
    global COUNT
    COUNT += 3
    return COUNT


bump()


class M(nn.Module):
    def __init__(self):
        super().__init__()
        a = bump()
        self.a = nn.Linear(a, COUNT)


model = M()
