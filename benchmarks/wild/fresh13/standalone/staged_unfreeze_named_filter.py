"""Fine-tuning setup: everything frozen, then the last stages unfrozen by a name filter on named_parameters."""

import re

import torch.nn as nn


def stage(cin, cout):
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, stride=2, padding=1), nn.BatchNorm2d(cout), nn.ReLU()
    )


class Backbone(nn.Module):
    def __init__(self, widths=(3, 16, 32, 64, 128)):
        super().__init__()
        self.stages = nn.Sequential(
            *(stage(a, b) for a, b in zip(widths, widths[1:], strict=False))
        )
        self.fc = nn.Linear(widths[-1], 1000)


model = Backbone()
model.requires_grad_(False)
model.fc = nn.Linear(128, 6)  # new head: trainable
TRAIN = re.compile(r"^stages\.(2|3)\.(0|1)\.")
for name, p in model.named_parameters():
    if TRAIN.match(name):
        p.requires_grad = True
