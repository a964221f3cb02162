"""CREPE pitch tracker by hand: six conv layers (capacity multiplier), 360 pitch bins."""

import torch.nn as nn

CAPACITY = {"tiny": 4, "small": 8, "medium": 16, "large": 24, "full": 32}


class Crepe(nn.Module):
    def __init__(self, size="small"):
        super().__init__()
        m = CAPACITY[size]
        filters = [1] + [n * m for n in (32, 4, 4, 4, 8, 16)]
        widths = [512, 64, 64, 64, 64, 64]
        strides = [4, 1, 1, 1, 1, 1]
        for i in range(6):
            setattr(
                self,
                f"conv{i + 1}",
                nn.Conv2d(filters[i], filters[i + 1], (widths[i], 1), (strides[i], 1)),
            )
            setattr(
                self, f"conv{i + 1}_BN", nn.BatchNorm2d(filters[i + 1], eps=0.001, momentum=0.0)
            )
        self.classifier = nn.Linear(64 * m, 360)


model = Crepe("medium")
