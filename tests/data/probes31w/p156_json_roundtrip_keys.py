# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import json


class M(nn.Module):
    def __init__(self):
        super().__init__()
        d = {1: 3, "1": 5, 2: (4, 6)}
        r = json.loads(json.dumps(d))
        self.a = nn.Linear(len(r), r["1"])
        self.b = nn.Linear(len(r["2"]), 2 if isinstance(r["2"], list) else 7)


model = M()
