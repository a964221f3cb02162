"""PointNet classification with an input T-Net (3x3) and a feature T-Net (64x64): shared MLPs as 1x1 Conv1d with
BatchNorm, a global max-pool, and a classifier with dropout."""

import torch.nn as nn


def mlp1d(chs):
    layers = []
    for a, b in zip(chs[:-1], chs[1:]):
        layers += [nn.Conv1d(a, b, 1), nn.BatchNorm1d(b), nn.ReLU()]
    return nn.Sequential(*layers)


def fc(chs, last_plain=True):
    layers = []
    for i, (a, b) in enumerate(zip(chs[:-1], chs[1:])):
        layers.append(nn.Linear(a, b))
        if not (last_plain and i == len(chs) - 2):
            layers += [nn.BatchNorm1d(b), nn.ReLU()]
    return nn.Sequential(*layers)


class TNet(nn.Module):
    def __init__(self, k, width=1.0):
        super().__init__()
        w = lambda c: int(c * width)  # noqa: E731
        self.k = k
        self.conv = mlp1d([k, w(64), w(128), w(1024)])
        self.fc = fc([w(1024), w(512), w(256), k * k])


class PointNetCls(nn.Module):
    def __init__(self, num_classes=10, width=0.25, feature_transform=True):
        super().__init__()
        w = lambda c: int(c * width)  # noqa: E731
        self.stn = TNet(3, width)
        self.conv1 = mlp1d([3, 64])
        self.fstn = TNet(64, width) if feature_transform else None
        self.conv2 = mlp1d([64, w(128), w(1024)])
        self.head = nn.Sequential(
            fc([w(1024), w(512), w(256)], last_plain=False),
            nn.Dropout(0.3),
            nn.Linear(w(256), num_classes),
        )


model = PointNetCls(num_classes=8, width=0.25)
