# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

WIDTHS = [
    len("abc".replace("", "-")),
    len("aaa".replace("a", "bb", 2)),
    "aaaa".count("aa"),
    "abc".find("z") + 3,
]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
