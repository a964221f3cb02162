# non-local block (embedded Gaussian) inserted into a small 3D-conv video net
import torch.nn as nn


class NonLocal3d(nn.Module):
    def __init__(self, c, reduction=2, sub_sample=True):
        super().__init__()
        inter = c // reduction
        self.theta = nn.Conv3d(c, inter, 1)
        self.phi = nn.Conv3d(c, inter, 1)
        self.g = nn.Conv3d(c, inter, 1)
        self.out = nn.Sequential(nn.Conv3d(inter, c, 1), nn.BatchNorm3d(c))
        if sub_sample:
            self.phi = nn.Sequential(self.phi, nn.MaxPool3d((1, 2, 2)))
            self.g = nn.Sequential(self.g, nn.MaxPool3d((1, 2, 2)))


def conv_bn(cin, cout, k=(3, 3, 3), s=1):
    return nn.Sequential(
        nn.Conv3d(cin, cout, k, s, tuple(x // 2 for x in k), bias=False),
        nn.BatchNorm3d(cout),
        nn.ReLU(),
    )


model = nn.Sequential(
    conv_bn(3, 32, (3, 7, 7), (1, 2, 2)),
    conv_bn(32, 64, s=(1, 2, 2)),
    NonLocal3d(64),
    conv_bn(64, 128, s=2),
    NonLocal3d(128, sub_sample=False),
    conv_bn(128, 256, s=2),
    nn.AdaptiveAvgPool3d(1),
    nn.Flatten(),
    nn.Linear(256, 174),
)
