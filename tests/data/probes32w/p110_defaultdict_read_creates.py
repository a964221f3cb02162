# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import collections

d = collections.defaultdict(int)
d["x"]
present = "y" in d
d.get("z")
WIDTHS = [len(d) + 1, 3 if present else 4]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
