# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

WIDTHS = [int("0x10", 16), int("0x10", 0), int("010", 8), int("  7\n"), int("1_0")]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
