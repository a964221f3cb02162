# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

xs = ["bb", "a", "ccc", "dd"]
WIDTHS = [len(x) * 3 + i for i, x in enumerate(sorted(xs, key=lambda s: (-len(s), s)))]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
