# weight-standardised Conv2d (as in BiT) subclassed in a user repo, GroupNorm groups from np.round
import numpy as np
import torch.nn as nn
import torch.nn.functional as F


class StdConv2d(nn.Conv2d):
    def forward(self, x):
        w = self.weight
        w = (w - w.mean(dim=(1, 2, 3), keepdim=True)) / (w.std(dim=(1, 2, 3), keepdim=True) + 1e-5)
        return F.conv2d(x, w, self.bias, self.stride, self.padding, self.dilation, self.groups)


def block(cin, cout):
    groups = int(np.round(cout / 16))
    return nn.Sequential(
        StdConv2d(cin, cout, 3, padding=1, bias=False), nn.GroupNorm(groups, cout), nn.ReLU()
    )


widths = (np.array([1.0, 2.0, 4.0, 8.0]) * 48).astype(int).tolist()
stages = [block(3, widths[0])] + [block(a, b) for a, b in zip(widths, widths[1:])]
model = nn.Sequential(*stages, nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(widths[-1], 200))
