# SwAV: projection head and a bias-free prototype layer (or several for multi-prototype)
import torch.nn as nn


class SwAVHead(nn.Module):
    def __init__(self, feat=512, hidden=2048, out=128, nmb_prototypes=(3000,)):
        super().__init__()
        self.projection_head = nn.Sequential(
            nn.Linear(feat, hidden), nn.BatchNorm1d(hidden), nn.ReLU(True), nn.Linear(hidden, out)
        )
        if len(nmb_prototypes) > 1:
            self.prototypes = nn.ModuleList(nn.Linear(out, k, bias=False) for k in nmb_prototypes)
        else:
            self.prototypes = nn.Linear(out, nmb_prototypes[0], bias=False)


class SwAV(nn.Module):
    def __init__(self, nmb_prototypes=(3000, 3000, 1000)):
        super().__init__()
        self.trunk = nn.Sequential(
            nn.Conv2d(3, 64, 3, 1, 1, bias=False),
            nn.BatchNorm2d(64),
            nn.ReLU(),
            nn.Conv2d(64, 512, 3, 2, 1, bias=False),
            nn.BatchNorm2d(512),
            nn.ReLU(),
            nn.AdaptiveAvgPool2d(1),
            nn.Flatten(),
        )
        self.head = SwAVHead(nmb_prototypes=nmb_prototypes)


model = SwAV()
