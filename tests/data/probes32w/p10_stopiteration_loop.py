# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

it = iter([1, 2, 3])
out = []
while True:
    try:
        out.append(next(it) * 2)
    except StopIteration:
        break
WIDTHS = out + [len(out)]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
