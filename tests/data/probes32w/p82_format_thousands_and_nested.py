# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

w = 4
WIDTHS = [
    len("{:,}".format(1234567)),
    len("{:>{w}}".format("a", w=w)),
    len(f"{3:{'0'}{5}}"),
    len(f"{'x' * 3!r}"),
]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
