# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

log = []


def f(v):
    log.append(v)
    return v + 1


m = map(f, [1, 2, 3])
n = len(log)
out = list(m)
WIDTHS = out + [n + 1]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
