# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import ast


class M(nn.Module):
    def __init__(self):
        super().__init__()
        spec = ast.literal_eval(repr({"w": (3, 4), "d": 2}))
        self.layers = nn.ModuleList(nn.Linear(w, 1) for w in spec["w"] * spec["d"])


model = M()
