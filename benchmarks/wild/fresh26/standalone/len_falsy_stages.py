"""Stage specs that define __len__: an empty spec is falsy, so `if spec:` drops it."""

import torch.nn as nn


class StageSpec:
    def __init__(self, *widths):
        self.widths = widths

    def __len__(self):
        return len(self.widths)


specs = [StageSpec(16, 16), StageSpec(), StageSpec(32), StageSpec(), StageSpec(64, 32)]

layers = []
prev = 8
for spec in specs:
    if not spec:
        continue
    for w in spec.widths:
        layers.append(nn.Conv2d(prev, w, 3, padding=1))
        prev = w
model = nn.Sequential(*layers)
