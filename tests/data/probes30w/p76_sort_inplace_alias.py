# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = [8, 2, 16, 4]
        alias = ws
        ws.sort(key=lambda w: -w)
        copy = sorted(ws)
        ws.reverse()
        self.a = nn.Linear(alias[0], copy[-1])
        self.b = nn.Linear(ws[-1], 2)


model = M()
