# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

vals = [3, 4, 0, 5]
it = iter(lambda: vals.pop(0), 0)
got = list(it)
WIDTHS = got + [len(vals) + 1]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
