# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

out = []
for v in ["3", "x", "5"]:
    try:
        n = int(v)
    except ValueError:
        out.append(1)
    else:
        out.append(n)
WIDTHS = out


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
