# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


def encoder():
    class Block:
        width = 24

    return Block


def decoder():
    class Block:
        width = 40

    return Block


class M(nn.Module):
    def __init__(self):
        super().__init__()
        table = {}
        for cls in (encoder(), decoder(), encoder()):
            table[cls.__name__] = cls.width
        self.parts = nn.ModuleList(nn.Linear(w, w) for w in table.values())


model = M()
