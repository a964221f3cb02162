# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import struct

import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        blob = struct.pack("<HH", 8, 16)
        a, b = struct.unpack("<HH", blob)
        self.a = nn.Linear(a, b)
        self.b = nn.Linear(struct.calcsize("<iqh"), 2)
        self.c = nn.Linear(struct.calcsize("iqh"), 2)


model = M()
