# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

out = []
for f in (lambda: {}["k"], lambda: [][3], lambda: 5):
    try:
        out.append(f())
    except LookupError:
        out.append(2)
WIDTHS = out


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
