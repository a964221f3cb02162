# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import copy

c = {"dims": [1, 2], "n": 3}
d = copy.copy(c)
d["dims"].append(3)
d["n"] = 8
WIDTHS = [len(c["dims"]), c["n"]]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
