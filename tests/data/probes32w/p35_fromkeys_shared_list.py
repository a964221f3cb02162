# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

d = dict.fromkeys(["a", "b", "c"], [])
d["a"].append(3)
d["b"].append(4)
WIDTHS = [len(d["c"]), d["c"][0]]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
