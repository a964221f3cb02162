# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


def find(xs, target):
    i = 0
    while i < len(xs):
        if xs[i] == target:
            break
        i += 1
    else:
        return 9
    return i + 1


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(find([5, 6, 7], 7), find([5, 6], 1))


model = M()
