# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

out = []
for s in ["12", "12.0", "0b11", " 3 "]:
    try:
        out.append(int(s))
    except ValueError:
        out.append(2)
WIDTHS = out


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
