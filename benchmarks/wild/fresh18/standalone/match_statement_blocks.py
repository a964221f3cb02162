import torch.nn as nn

ARCH = ["conv:3:32", "pool", "conv:32:64", "bn:64", "flat", "fc:1024:10"]


def make(tok: str) -> nn.Module:
    match tok.split(":"):
        case ["conv", a, b]:
            return nn.Conv2d(int(a), int(b), 3, padding=1)
        case ["bn", c]:
            return nn.BatchNorm2d(int(c))
        case ["fc", a, b]:
            return nn.Linear(int(a), int(b))
        case ["pool"]:
            return nn.MaxPool2d(2)
        case ["flat"]:
            return nn.Flatten()
        case _:
            raise ValueError(tok)


model = nn.Sequential(*(make(t) for t in ARCH))
