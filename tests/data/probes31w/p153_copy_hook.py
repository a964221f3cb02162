# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import copy


class Cfg:
    def __init__(self, w):
        self.w = w

    def __copy__(self):
        return Cfg(self.w * 2)

    def __deepcopy__(self, memo):
        return Cfg(self.w + 1)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        c = Cfg(3)
        self.a = nn.Linear(copy.copy(c).w, copy.deepcopy(c).w)
        self.b = nn.Linear(copy.deepcopy([c])[0].w, 2)


model = M()
