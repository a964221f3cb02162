# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import json


class M(nn.Module):
    def __init__(self):
        super().__init__()
        a = json.dumps({"a": 1})
        b = json.dumps([1, 2], separators=(",", ":"))
        c = json.dumps("é")
        d = json.dumps(True)
        self.a = nn.Linear(len(a), len(b))
        self.b = nn.Linear(len(c), len(d))


model = M()
