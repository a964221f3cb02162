# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

data = [1, 2, 3, 4, 5, 6, 7]
out = []
while chunk := data[:3]:
    out.append(sum(chunk))
    data = data[3:]
WIDTHS = out


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
