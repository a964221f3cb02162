"""A reducer registered with `copyreg.pickle` for a spec class: `copy.deepcopy` consults copyreg's dispatch
table, so every copy of the spec is rebuilt with its width plus 8."""

import copy
import copyreg

import torch.nn as nn


class Spec:
    def __init__(self, width):
        self.width = width


def reduce_spec(s):
    return Spec, (s.width + 8,)


copyreg.pickle(Spec, reduce_spec)
base = Spec(16)
specs = [base] + [copy.deepcopy(base) for _ in range(2)]  # 16, 24, 24
model = nn.Sequential(*[nn.Linear(s.width, s.width) for s in specs])
