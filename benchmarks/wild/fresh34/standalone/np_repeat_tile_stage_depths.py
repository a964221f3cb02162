import numpy as np
import torch.nn as nn


class Net(nn.Module):
    def __init__(self, stage_widths=(16, 32, 64), depths=(1, 2, 3), head_pattern=(8, 4)):
        super().__init__()
        # np.repeat: each stage width repeated by its depth
        widths = np.repeat(stage_widths, depths)
        layers, c = [], 3
        for w in widths.tolist():
            layers += [nn.Conv2d(c, w, 3, padding=1), nn.ReLU()]
            c = w
        self.body = nn.Sequential(*layers)
        # np.tile: the whole pattern repeated twice
        head = np.tile(head_pattern, 2)
        hl, d = [], c
        for h in head:
            hl.append(nn.Linear(d, int(h)))
            d = int(h)
        self.head = nn.Sequential(*hl)


model = Net(stage_widths=(8, 16, 24), depths=(2, 1, 3), head_pattern=(12, 6))
