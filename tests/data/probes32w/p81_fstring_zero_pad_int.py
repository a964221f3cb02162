# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

x = 7
s = f"{x:03d}"
WIDTHS = [len(s), int(s), len(f"{3.14159:.2f}"), len(f"{12:>6}"), len(f"{255:x}"), len(f"{255:#b}")]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
