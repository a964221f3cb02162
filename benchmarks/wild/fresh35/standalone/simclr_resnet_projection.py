import torch.nn as nn


def conv_bn(cin, cout, stride=1):
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, stride, 1, bias=False), nn.BatchNorm2d(cout), nn.ReLU()
    )


class SmallResNet(nn.Module):
    def __init__(self, widths=(32, 64, 128)):
        super().__init__()
        layers, cin = [], 3
        for i, w in enumerate(widths):
            layers += [conv_bn(cin, w, 1 if i == 0 else 2), conv_bn(w, w)]
            cin = w
        self.features = nn.Sequential(*layers, nn.AdaptiveAvgPool2d(1), nn.Flatten())
        self.out_dim = cin


class SimCLR(nn.Module):
    def __init__(self, proj_dim=64, hidden=None):
        super().__init__()
        self.encoder = SmallResNet()
        d = self.encoder.out_dim
        hidden = hidden or d
        # SimCLR v1: a 2-layer MLP head; the last Linear has no bias
        self.projector = nn.Sequential(
            nn.Linear(d, hidden),
            nn.BatchNorm1d(hidden),
            nn.ReLU(),
            nn.Linear(hidden, proj_dim, bias=False),
        )


model = SimCLR(proj_dim=64)
