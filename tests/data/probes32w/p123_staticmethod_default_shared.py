# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class A:
    @staticmethod
    def add(x, acc=[]):
        acc.append(x)
        return len(acc)


A.add(1)
A().add(2)
WIDTHS = [A.add(3)]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
