# user repo: depthwise Conv3d subclass + pointwise conv; channel plan from np.linspace rounded to 8
import numpy as np
import torch.nn as nn


class DepthwiseConv3d(nn.Conv3d):
    def __init__(self, channels, kernel_size=3):
        super().__init__(
            channels, channels, kernel_size, padding=kernel_size // 2, groups=channels, bias=False
        )


def round8(x):
    return int(np.round(x / 8) * 8)


plan = [round8(c) for c in np.linspace(24, 96, 4)]  # 24, 48, 72, 96
blocks = [nn.Conv3d(3, plan[0], (1, 3, 3), padding=(0, 1, 1))]
for a, b in zip(plan[:-1], plan[1:]):
    blocks += [DepthwiseConv3d(a), nn.Conv3d(a, b, 1), nn.BatchNorm3d(b), nn.ReLU()]
model = nn.Sequential(*blocks, nn.AdaptiveAvgPool3d(1), nn.Flatten(), nn.Linear(plan[-1], 400))
