"""Deep replacement with get_submodule / set_submodule on dotted paths, and register_module."""

import torch.nn as nn


class Stage(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.conv = nn.Conv2d(c, c, 3, padding=1)
        self.norm = nn.BatchNorm2d(c)


class Net(nn.Module):
    def __init__(self, c=16):
        super().__init__()
        self.stem = nn.Conv2d(3, c, 3, padding=1)
        self.stages = nn.Sequential(Stage(c), Stage(c), Stage(c))
        self.head = nn.Linear(c, 10)


model = Net(c=16)
for path in ["stages.0.norm", "stages.2.norm"]:
    old = model.get_submodule(path)
    model.set_submodule(path, nn.GroupNorm(4, old.num_features))
model.set_submodule("stages.1.conv", nn.Conv2d(16, 16, 5, padding=2, groups=16))
model.register_module("aux", nn.Linear(16, 2))
