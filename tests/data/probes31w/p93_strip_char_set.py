# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        a = "xxabcxx".strip("x")
        b = "abcba".strip("ac")
        c = "layer_norm".rstrip("_norm")
        d = "prefix_width".removeprefix("prefix_")
        self.a = nn.Linear(len(a), len(b))
        self.b = nn.Linear(len(c), len(d))


model = M()
