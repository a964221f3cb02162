# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

out = []
for v in [1, 0, 2, 0, 4]:
    try:
        out.append(8 // v)
    except ZeroDivisionError:
        continue
WIDTHS = out


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
