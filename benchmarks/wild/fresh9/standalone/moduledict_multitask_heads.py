# nested ModuleDict / Sequential builder from a task spec dict
from torch import nn

TASKS = {
    "seg": {"out": 21, "hidden": [128, 64]},
    "depth": {"out": 1, "hidden": [64]},
    "normals": {"out": 3, "hidden": [128]},
}


def head(spec, cin=256):
    layers, c = [], cin
    for h in spec["hidden"]:
        layers += [nn.Conv2d(c, h, 3, padding=1), nn.BatchNorm2d(h), nn.ReLU()]
        c = h
    layers.append(nn.Conv2d(c, spec["out"], 1))
    return nn.Sequential(*layers)


class MultiTask(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = nn.Sequential(
            nn.Conv2d(3, 64, 3, 2, 1), nn.ReLU(), nn.Conv2d(64, 256, 3, 2, 1), nn.ReLU()
        )
        self.heads = nn.ModuleDict({name: head(spec) for name, spec in TASKS.items()})


model = MultiTask()
