# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

CALLS = []


def mid():
    CALLS.append(1)
    return 5


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ok = 1 < mid() < 9
        ok2 = 1 < mid() and mid() < 9
        self.a = nn.Linear(len(CALLS), 2 + ok + ok2)


model = M()
