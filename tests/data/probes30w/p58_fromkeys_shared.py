# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        groups = dict.fromkeys(["enc", "dec"], [])
        groups["enc"].append(8)
        groups["dec"].append(16)
        self.layers = nn.ModuleList(nn.Linear(w, 2) for w in groups["enc"])
        own = {k: [] for k in ("enc", "dec")}
        own["enc"].append(4)
        self.own = nn.ModuleList(nn.Linear(w, 2) for w in own["dec"] + own["enc"])


model = M()
