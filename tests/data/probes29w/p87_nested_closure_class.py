# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


def make_block(width):
    class Block(nn.Module):
        def __init__(self):
            super().__init__()
            self.l = nn.Linear(width, width)

    width *= 2
    return Block


class M(nn.Module):
    def __init__(self):
        super().__init__()
        B = make_block(4)
        self.a = B()
        self.b = make_block(8)()


model = M()
