# an Enum of activations decides which layers carry parameters (PReLU has one per channel)
from enum import Enum

import torch.nn as nn


class Act(Enum):
    RELU = "relu"
    PRELU = "prelu"
    GELU = "gelu"

    def make(self, n):
        return {"relu": nn.ReLU, "prelu": lambda: nn.PReLU(n), "gelu": nn.GELU}[self.value]()


plan = [(64, Act.PRELU), (64, Act.RELU), (32, Act.PRELU), (16, Act.GELU)]
layers, prev = [], 40
for width, act in plan:
    layers += [nn.Linear(prev, width), act.make(width) if act is Act.PRELU else act.make(None)]
    prev = width
model = nn.Sequential(*layers, nn.Linear(prev, 2))
