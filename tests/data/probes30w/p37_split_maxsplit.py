# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        name, rest = "a-b-c-16".rsplit("-", 1)
        self.a = nn.Linear(int(rest), len(name))
        parts = "  8   16  32 ".split(maxsplit=1)
        self.b = nn.Linear(int(parts[0]), len(parts[1]))
        self.c = nn.Linear(len("".split()) + 1, len("".split(",")) + 1)
        self.d = nn.Linear(len("a,,b".split(",")), len("a  b".split(" ")))


model = M()
