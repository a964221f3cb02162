# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

seen = []


def check(x):
    seen.append(x)
    return x > 2


found = any(check(x) for x in [1, 3, 5, 7])
WIDTHS = [len(seen), 4 if found else 5]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
