# a metaclass registers each block class; the stage table names blocks by string
import torch.nn as nn

BLOCKS = {}


class BlockMeta(type(nn.Module)):
    def __new__(mcls, name, bases, ns):
        cls = super().__new__(mcls, name, bases, ns)
        if bases and bases[0] is not nn.Module:
            BLOCKS[ns.get("key", name.lower())] = cls
        return cls


class Block(nn.Module, metaclass=BlockMeta):
    pass


class Basic(Block):
    key = "basic"

    def __init__(self, c):
        super().__init__()
        self.c1, self.c2 = nn.Conv2d(c, c, 3, padding=1), nn.Conv2d(c, c, 3, padding=1)


class Bottle(Block):
    key = "bottle"

    def __init__(self, c):
        super().__init__()
        self.a, self.b, self.c = (
            nn.Conv2d(c, c // 4, 1),
            nn.Conv2d(c // 4, c // 4, 3, padding=1),
            nn.Conv2d(c // 4, c, 1),
        )


STAGES = [("basic", 64, 2), ("bottle", 128, 2), ("bottle", 256, 1)]
layers, prev = [], 3
for kind, c, n in STAGES:
    layers.append(nn.Conv2d(prev, c, 1))
    layers += [BLOCKS[kind](c) for _ in range(n)]
    prev = c
model = nn.Sequential(*layers)
