# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


def parse(s):
    try:
        v = int(s)
    except (ValueError, TypeError):
        return 2
    else:
        return v + 1


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = [parse(x) for x in ("4", "x", None, "7")]
        self.layers = nn.ModuleList(nn.Linear(w, 1) for w in ws)


model = M()
