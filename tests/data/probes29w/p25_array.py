# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

from array import array


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = array("i", [4, 8])
        ws.append(16)
        ws.extend([32])
        rep = ws * 2
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in zip(rep, rep[1:]))
        self.tail = nn.Linear(ws.index(16) + 1, len(rep))


model = M()
