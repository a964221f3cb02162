# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        spec = "64x3-32x2"
        parts = [p.split("x") for p in spec.split("-")]
        self.blocks = nn.ModuleList(
            nn.Linear(int(w), int(w)) for w, n in parts for _ in range(int(n))
        )
        self.tag = nn.Linear(len("-".join(["ab", "c"])), spec.count("x") + spec.find("3"))


model = M()
