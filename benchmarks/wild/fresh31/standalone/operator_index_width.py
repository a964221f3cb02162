"""operator.index calls __index__ (not __int__): a width object whose __int__ and __index__ disagree gives
24 through operator.index and through range(), 20 through int()."""

import operator

import torch.nn as nn


class W:
    def __index__(self):
        return 24

    def __int__(self):
        return 20


w = W()
a = operator.index(w)  # 24
b = int(w)  # 20
n = len(range(w)) // 8  # 3 blocks
model = nn.Sequential(nn.Linear(4, a), *[nn.Linear(a, a) for _ in range(n)], nn.Linear(a, b))
