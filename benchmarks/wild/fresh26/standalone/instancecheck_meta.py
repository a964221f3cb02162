"""A metaclass __instancecheck__ that classifies layers by their kernel size; only 3x3 convs are made depthwise-separable."""

import torch.nn as nn


class KernelMeta(type):
    def __instancecheck__(cls, obj):
        return isinstance(obj, nn.Conv2d) and obj.kernel_size == (3, 3)


class ThreeByThree(metaclass=KernelMeta):
    pass


plan = [
    nn.Conv2d(8, 8, 3, padding=1),
    nn.Conv2d(8, 8, 1),
    nn.Conv2d(8, 8, 5, padding=2),
    nn.Conv2d(8, 8, 3, padding=1),
]
out = []
for conv in plan:
    if isinstance(conv, ThreeByThree):
        c = conv.in_channels
        out += [nn.Conv2d(c, c, 3, padding=1, groups=c), nn.Conv2d(c, conv.out_channels, 1)]
    else:
        out.append(conv)
model = nn.Sequential(*out)
