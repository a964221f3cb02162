"""Layer specs as strings parsed with a match statement (structural pattern matching)."""

from torch import nn

ARCH = "conv:3:16 bn:16 relu conv:16:32 pool fc:32:10"


def make(tok: str) -> nn.Module:
    match tok.split(":"):
        case ["conv", i, o]:
            return nn.Conv2d(int(i), int(o), 3, padding=1)
        case ["bn", c]:
            return nn.BatchNorm2d(int(c))
        case ["relu"]:
            return nn.ReLU()
        case ["pool"]:
            return nn.Sequential(nn.AdaptiveAvgPool2d(1), nn.Flatten())
        case ["fc", i, o]:
            return nn.Linear(int(i), int(o))
        case _:
            raise ValueError(tok)


model = nn.Sequential(*map(make, ARCH.split()))
