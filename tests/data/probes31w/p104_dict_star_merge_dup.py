# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        a = {"w": 2}
        b = {"w": 6}
        c = {**a, **b}
        try:
            d = dict(**a, **b)["w"]
        except TypeError:
            d = 9
        self.a = nn.Linear(c["w"], d)


model = M()
