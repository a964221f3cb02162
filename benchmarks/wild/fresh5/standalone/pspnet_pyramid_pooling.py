import torch.nn as nn


class PPM(nn.Module):
    def __init__(self, in_dim, reduction_dim, bins):
        super().__init__()
        self.features = nn.ModuleList(
            [
                nn.Sequential(
                    nn.AdaptiveAvgPool2d(b),
                    nn.Conv2d(in_dim, reduction_dim, kernel_size=1, bias=False),
                    nn.BatchNorm2d(reduction_dim),
                    nn.ReLU(inplace=True),
                )
                for b in bins
            ]
        )


def backbone(widths=(32, 64, 128, 256)):
    layers, c = [], 3
    for i, w in enumerate(widths):
        stride = 1 if i == 0 else 2
        layers += [nn.Conv2d(c, w, 3, stride=stride, padding=1, bias=False), nn.BatchNorm2d(w), nn.ReLU(inplace=True)]
        c = w
    return nn.Sequential(*layers), c


class PSPNet(nn.Module):
    def __init__(self, bins=(1, 2, 3, 6), classes=19, aux=True):
        super().__init__()
        self.encoder, fea_dim = backbone()
        self.ppm = PPM(fea_dim, int(fea_dim / len(bins)), bins)
        fea_dim *= 2
        self.cls = nn.Sequential(
            nn.Conv2d(fea_dim, 64, kernel_size=3, padding=1, bias=False),
            nn.BatchNorm2d(64),
            nn.ReLU(inplace=True),
            nn.Dropout2d(p=0.1),
            nn.Conv2d(64, classes, kernel_size=1),
        )
        if aux:
            self.aux = nn.Sequential(nn.Conv2d(128, 32, 3, padding=1, bias=False), nn.BatchNorm2d(32), nn.ReLU(inplace=True), nn.Conv2d(32, classes, 1))


model = PSPNet(bins=(1, 2, 3, 6), classes=19, aux=True)
