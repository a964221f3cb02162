# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Fallback(dict):
    def __missing__(self, key):
        return "16"


SIZES = {"8x16": 24, "8x8": 4, "{a}x{b}": 2}


class M(nn.Module):
    def __init__(self):
        super().__init__()
        key = "{a}x{b}".format_map(Fallback(a="8"))
        self.a = nn.Linear(SIZES[key], 3)


model = M()
