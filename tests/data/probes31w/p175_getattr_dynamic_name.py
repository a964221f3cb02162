# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Cfg:
    width_0 = 3
    width_1 = 5
    width_2 = 7


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = [getattr(Cfg, f"width_{i}") for i in range(3) if hasattr(Cfg, f"width_{i}")]
        ws.append(getattr(Cfg, "width_9", 2))
        self.layers = nn.ModuleList(nn.Linear(w, 1) for w in ws)


model = M()
