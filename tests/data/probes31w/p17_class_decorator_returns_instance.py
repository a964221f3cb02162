# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


def instantiate(cls):
    return cls()


@instantiate
class cfg:
    def __init__(self):
        self.width = 9


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(cfg.width, 2)


model = M()
