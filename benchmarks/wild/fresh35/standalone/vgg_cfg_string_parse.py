import torch.nn as nn

CFG = "64-M-128-M-256-256-M-512"


def make_layers(spec, in_channels=3, batch_norm=True):
    layers = []
    for tok in spec.split("-"):
        if tok == "M":
            layers.append(nn.MaxPool2d(2))
            continue
        v = int(tok)
        layers.append(nn.Conv2d(in_channels, v, 3, padding=1, bias=not batch_norm))
        if batch_norm:
            layers.append(nn.BatchNorm2d(v))
        layers.append(nn.ReLU(inplace=True))
        in_channels = v
    return nn.Sequential(*layers), in_channels


features, c = make_layers(CFG, in_channels=1, batch_norm=True)
model = nn.Sequential(
    features, nn.AdaptiveAvgPool2d(2), nn.Flatten(), nn.Linear(c * 4, 256), nn.Linear(256, 10)
)
