# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Reg:
    def add(self, k, table={}):
        table[k] = len(table) + 1
        return table


Reg().add("a")


class M(nn.Module):
    def __init__(self):
        super().__init__()
        t = Reg().add("b")
        t = Reg().add("c")
        self.layers = nn.ModuleList(nn.Linear(v, 2) for v in t.values())


model = M()
