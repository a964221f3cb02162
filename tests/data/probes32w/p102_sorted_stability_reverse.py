# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

pairs = [(1, "b"), (2, "a"), (1, "a"), (2, "c")]
s = sorted(pairs, key=lambda t: t[0], reverse=True)
r = list(reversed(sorted(pairs, key=lambda t: t[0])))
WIDTHS = [t[0] * 10 + ord(t[1]) - 96 for t in s] + [ord(r[0][1]) - 96]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
