# a classmethod factory builds a TCN from "64x3,128x2" (channels x blocks)
import torch.nn as nn


class TCN(nn.Module):
    def __init__(self, in_ch, plan, kernel=3):
        super().__init__()
        layers, c, dil = [], in_ch, 1
        for out, n in plan:
            for _ in range(n):
                layers += [
                    nn.Conv1d(c, out, kernel, padding=dil * (kernel - 1), dilation=dil),
                    nn.ReLU(),
                ]
                c, dil = out, dil * 2
        self.net = nn.Sequential(*layers)

    @classmethod
    def from_string(cls, in_ch, text, **kw):
        plan = [tuple(int(x) for x in part.split("x")) for part in text.split(",")]
        return cls(in_ch, plan, **kw)


model = TCN.from_string(8, "64x3,128x2", kernel=5)
