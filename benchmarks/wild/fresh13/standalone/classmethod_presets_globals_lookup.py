"""Alternative constructors via classmethod presets; the block class looked up in globals() by name."""

import torch.nn as nn


class ResBlock1d(nn.Module):
    def __init__(self, c, k):
        super().__init__()
        self.c1 = nn.Conv1d(c, c, k, padding=k // 2)
        self.c2 = nn.Conv1d(c, c, k, padding=k // 2)


class SepBlock1d(nn.Module):
    def __init__(self, c, k):
        super().__init__()
        self.dw = nn.Conv1d(c, c, k, padding=k // 2, groups=c)
        self.pw = nn.Conv1d(c, c, 1)


class AudioNet(nn.Module):
    PRESETS = {
        "s": {"block": "SepBlock1d", "c": 32, "k": 9, "n": 3},
        "m": {"block": "ResBlock1d", "c": 48, "k": 5, "n": 2},
    }

    def __init__(self, block, c, k, n, classes=12):
        super().__init__()
        cls = globals()[block]
        self.inp = nn.Conv1d(1, c, 11, stride=4)
        self.blocks = nn.ModuleList([cls(c, k) for _ in range(n)])
        self.out = nn.Linear(c, classes)

    @classmethod
    def from_preset(cls, name, **overrides):
        return cls(**{**cls.PRESETS[name], **overrides})


model = AudioNet.from_preset("s", n=4, classes=35)
