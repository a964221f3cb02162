# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Default(dict):
    def __missing__(self, key):
        return "7"


SPEC = "{inner}{outer}"


class M(nn.Module):
    def __init__(self):
        super().__init__()
        width = int(SPEC.format_map(Default(inner="1")))
        self.a = nn.Linear(width, 2)
        self.b = nn.Linear(int("{0}{0}".format(3)), 2)


model = M()
