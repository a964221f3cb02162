# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        a = hex(255)
        b = bin(5)
        c = oct(8)
        d = (255).to_bytes(2, "big")
        e = int.from_bytes(b"\x01\x02", "little")
        self.a = nn.Linear(len(a), len(b))
        self.b = nn.Linear(len(c), len(d))
        self.c = nn.Linear(e // 100, 2)


model = M()
