import json

import torch.nn as nn

BASE = json.loads('{"in": 16, "hidden": [64, 64], "out": 1, "act": "SiLU", "norm": false}')
EXP = {"hidden": [128, 64, 32], "norm": True}
cfg = BASE | EXP


def build(c):
    dims = [c["in"], *c["hidden"]]
    act = getattr(nn, c["act"])
    mods = []
    for a, b in zip(dims, dims[1:]):
        mods.append(nn.Linear(a, b))
        if c["norm"]:
            mods.append(nn.LayerNorm(b))
        mods.append(act())
    mods.append(nn.Linear(dims[-1], c["out"]))
    return nn.Sequential(*mods)


model = build(cfg)
