# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class SizeError(Exception):
    def __init__(self, w):
        super().__init__(w, "too big")
        self.w = w


class M(nn.Module):
    def __init__(self):
        super().__init__()
        try:
            raise SizeError(6)
        except SizeError as e:
            a = len(e.args)
            b = e.w
        self.a = nn.Linear(a, b)


model = M()
