"""operator.length_hint: __len__ wins when defined, __length_hint__ otherwise, then the default."""

import operator

import torch.nn as nn


class Hinted:
    def __iter__(self):
        return iter(range(3))

    def __length_hint__(self):
        return 5


class Both(Hinted):
    def __len__(self):
        return 2


class Neither:
    pass


n_hint = operator.length_hint(Hinted(), 9)  # 5
n_both = operator.length_hint(Both(), 9)  # 2
n_none = operator.length_hint(Neither(), 4)  # 4
n_iter = operator.length_hint(iter([1, 2, 3, 4, 5, 6]))  # 6

model = nn.Sequential(
    nn.Linear(n_hint, n_both * 8),
    nn.Linear(n_both * 8, n_none * n_iter),
    nn.Linear(n_none * n_iter, 1),
)
