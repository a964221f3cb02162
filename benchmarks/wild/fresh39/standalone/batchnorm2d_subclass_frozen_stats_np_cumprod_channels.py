# FrozenBatchNorm-like BatchNorm2d subclass (affine kept, stats frozen); channels from np.cumprod
import numpy as np
import torch.nn as nn


class FrozenStatsBN(nn.BatchNorm2d):
    def train(self, mode=True):
        super().train(mode)
        self.eval()  # statistics never update
        return self


growth = np.cumprod([32, 2, 2, 2])  # 32, 64, 128, 256
layers = []
cin = 3
for c in growth:
    c = int(c)
    layers += [
        nn.Conv2d(cin, c, 3, stride=2, padding=1, bias=False),
        FrozenStatsBN(c),
        nn.ReLU(inplace=True),
    ]
    cin = c
model = nn.Sequential(*layers)
