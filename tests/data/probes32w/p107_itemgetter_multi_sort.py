# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import operator

d = {"a": 3, "b": 5, "c": 4}
top = sorted(d.items(), key=operator.itemgetter(1), reverse=True)
g = operator.itemgetter(1, 0)
WIDTHS = [top[0][1], g([7, 8])[0], len(dict(top))]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
