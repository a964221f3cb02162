# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

LINE = "enc:16:32:64"


class M(nn.Module):
    def __init__(self):
        super().__init__()
        name, rest = LINE.split(":", 1)
        head, last = LINE.rsplit(":", 1)
        self.a = nn.Linear(len(rest), int(last))
        self.b = nn.Linear(len(head.split(":")), 2)


model = M()
