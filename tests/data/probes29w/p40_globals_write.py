# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

for _name, _w in [("SMALL", 8), ("LARGE", 64)]:
    globals()[_name] = _w


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(LARGE, SMALL)  # noqa: F821


model = M()
