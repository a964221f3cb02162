# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        tree = {}
        tree.setdefault("enc", {}).setdefault("widths", []).append(8)
        tree.setdefault("enc", {"widths": [99]}).setdefault("widths", []).append(16)
        got = tree.setdefault("dec", 4)
        again = tree.setdefault("dec", 40)
        self.layers = nn.ModuleList(nn.Linear(w, 2) for w in tree["enc"]["widths"])
        self.d = nn.Linear(got, again)


model = M()
