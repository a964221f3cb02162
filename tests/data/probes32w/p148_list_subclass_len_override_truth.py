# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class L(list):
    def __len__(self):
        return 0


x = L([1, 2])
WIDTHS = [3 if x else 4, len(list(x)) + 1, sum(x)]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
