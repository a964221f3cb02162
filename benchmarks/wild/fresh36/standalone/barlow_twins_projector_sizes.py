# Barlow Twins: projector sizes from a "8192-8192-8192"-style string, final BN without affine
import torch.nn as nn

args_projector = "1024-1024-1024"
feat_dim = 512  # a ResNet-18 trunk's output


class BarlowTwins(nn.Module):
    def __init__(self, projector=args_projector):
        super().__init__()
        self.backbone = nn.Sequential(
            nn.Conv2d(3, 64, 7, 2, 3, bias=False),
            nn.BatchNorm2d(64),
            nn.ReLU(),
            nn.Conv2d(64, feat_dim, 3, 2, 1),
            nn.AdaptiveAvgPool2d(1),
            nn.Flatten(),
        )
        sizes = [feat_dim] + list(map(int, projector.split("-")))
        layers = []
        for i in range(len(sizes) - 2):
            layers += [
                nn.Linear(sizes[i], sizes[i + 1], bias=False),
                nn.BatchNorm1d(sizes[i + 1]),
                nn.ReLU(True),
            ]
        layers.append(nn.Linear(sizes[-2], sizes[-1], bias=False))
        self.projector = nn.Sequential(*layers)
        self.bn = nn.BatchNorm1d(sizes[-1], affine=False)


model = BarlowTwins()
