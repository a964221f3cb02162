"""Task heads picked from a table keyed by an Enum; a StrEnum parses the user's list of tasks."""

import enum

import torch.nn as nn


class Task(enum.StrEnum):
    SEG = "seg"
    DEPTH = "depth"
    NORMALS = "normals"
    EDGES = "edges"


HEAD_OUT = {Task.SEG: 21, Task.DEPTH: 1, Task.NORMALS: 3, Task.EDGES: 1}
HEAD_HIDDEN = {Task.SEG: 128, Task.DEPTH: 64}


class Trunk(nn.Sequential):
    def __init__(self, widths=(3, 32, 64, 96)):
        layers = []
        for a, b in zip(widths, widths[1:]):
            layers += [
                nn.Conv2d(a, b, 3, padding=1, bias=False),
                nn.BatchNorm2d(b),
                nn.ReLU(inplace=True),
            ]
        super().__init__(*layers)


class MultiTask(nn.Module):
    def __init__(self, tasks, width=96):
        super().__init__()
        self.trunk = Trunk((3, 32, 64, width))
        self.heads = nn.ModuleDict()
        for t in map(Task, tasks):
            hid = HEAD_HIDDEN.get(t, 32)
            self.heads[t.value] = nn.Sequential(
                nn.Conv2d(width, hid, 3, padding=1), nn.ReLU(), nn.Conv2d(hid, HEAD_OUT[t], 1)
            )


model = MultiTask("seg,depth,edges".split(","))
