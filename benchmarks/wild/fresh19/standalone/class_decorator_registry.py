import dataclasses

import torch.nn as nn

BLOCKS = {}


def register(name):
    def deco(cls):
        BLOCKS[name] = cls
        cls.block_name = name
        return cls

    return deco


@register("mbconv")
class MBConv(nn.Module):
    def __init__(self, ch, expand=4):
        super().__init__()
        hid = ch * expand
        self.body = nn.Sequential(
            nn.Conv2d(ch, hid, 1, bias=False),
            nn.BatchNorm2d(hid),
            nn.SiLU(),
            nn.Conv2d(hid, hid, 3, padding=1, groups=hid, bias=False),
            nn.BatchNorm2d(hid),
            nn.SiLU(),
            nn.Conv2d(hid, ch, 1, bias=False),
            nn.BatchNorm2d(ch),
        )


@register("fused")
class FusedMBConv(MBConv):
    def __init__(self, ch, expand=4):
        nn.Module.__init__(self)
        hid = ch * expand
        self.body = nn.Sequential(
            nn.Conv2d(ch, hid, 3, padding=1, bias=False),
            nn.BatchNorm2d(hid),
            nn.SiLU(),
            nn.Conv2d(hid, ch, 1, bias=False),
        )


@dataclasses.dataclass(frozen=True)
class Stage:
    kind: str
    ch: int
    n: int
    expand: int = 4


base = Stage("fused", 24, 2, 1)
plan = [
    base,
    dataclasses.replace(base, n=1, expand=4),
    dataclasses.replace(base, kind="mbconv", ch=24, n=2, expand=6),
]

model = nn.Sequential(
    nn.Conv2d(3, 24, 3, stride=2, padding=1),
    *[BLOCKS[s.kind](s.ch, s.expand) for s in plan for _ in range(s.n)],
)
