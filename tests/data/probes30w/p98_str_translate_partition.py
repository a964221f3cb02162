# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        head, sep, tail = "conv3x3".partition("x")
        self.a = nn.Linear(int(head[-1]) * 4, int(tail) + len(sep))
        t = "w-16".translate(str.maketrans("-", "_"))
        self.b = nn.Linear(int(t.split("_")[1]), 2)
        self.c = nn.Linear(
            len("block_1".removeprefix("block_")) + 3, len("a.b.c".rpartition(".")[0])
        )


model = M()
