# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
from contextlib import contextmanager

import torch.nn as nn

STATE = {"w": 4}


@contextmanager
def wide(w):
    old = STATE["w"]
    STATE["w"] = w
    try:
        yield old
    finally:
        STATE["w"] = old * 3


class M(nn.Module):
    def __init__(self):
        super().__init__()
        with wide(16) as prev:
            self.a = nn.Linear(STATE["w"], prev)
        self.b = nn.Linear(STATE["w"], 2)


model = M()
