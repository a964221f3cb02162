import enum
from typing import NamedTuple
import torch.nn as nn


class Task(enum.Enum):
    DEPTH = enum.auto()
    SEG = enum.auto()
    NORMALS = enum.auto()


class HeadSpec(NamedTuple):
    out: int
    hidden: int = 32
    act: type = nn.ReLU


SPECS = {Task.DEPTH: HeadSpec(1), Task.SEG: HeadSpec(21, hidden=64), Task.NORMALS: HeadSpec(3, act=nn.Tanh)}


class MultiTask(nn.Module):
    def __init__(self, c=48):
        super().__init__()
        self.trunk = nn.Sequential(nn.Conv2d(3, c, 3, padding=1), nn.ReLU(), nn.Conv2d(c, c, 3, padding=1))
        self.heads = nn.ModuleDict({
            t.name.lower(): nn.Sequential(nn.Conv2d(c, s.hidden, 1), s.act(), nn.Conv2d(s.hidden, s.out, 1))
            for t, s in SPECS.items() if t is not Task.NORMALS
        })


model = MultiTask()
