# SimSiam: encoder + 3-layer projector (last BN without affine) + bottleneck predictor
import torch.nn as nn


def backbone(width=64):
    layers, c = [], 3
    for i, w in enumerate([width, 2 * width, 4 * width, 8 * width]):
        layers += [
            nn.Conv2d(c, w, 3, 1 if i == 0 else 2, 1, bias=False),
            nn.BatchNorm2d(w),
            nn.ReLU(True),
        ]
        c = w
    return nn.Sequential(*layers, nn.AdaptiveAvgPool2d(1), nn.Flatten()), c


class SimSiam(nn.Module):
    def __init__(self, dim=2048, pred_dim=512):
        super().__init__()
        self.encoder, feat = backbone(64)
        self.projector = nn.Sequential(
            nn.Linear(feat, feat, bias=False),
            nn.BatchNorm1d(feat),
            nn.ReLU(True),
            nn.Linear(feat, feat, bias=False),
            nn.BatchNorm1d(feat),
            nn.ReLU(True),
            nn.Linear(feat, dim, bias=False),
            nn.BatchNorm1d(dim, affine=False),
        )
        self.predictor = nn.Sequential(
            nn.Linear(dim, pred_dim, bias=False),
            nn.BatchNorm1d(pred_dim),
            nn.ReLU(True),
            nn.Linear(pred_dim, dim),
        )


model = SimSiam()
