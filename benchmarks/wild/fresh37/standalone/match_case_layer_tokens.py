# a layer list of tuples dispatched with structural pattern matching
import torch.nn as nn

spec = [
    ("conv", 32, 3),
    ("conv", 32, 3),
    ("pool",),
    ("conv", 64, 3, 2),
    ("drop", 0.2),
    ("conv", 128, 1),
    ("gap",),
]


def build(spec, cin=3):
    layers = []
    for item in spec:
        match item:
            case ("conv", cout, k):
                layers += [nn.Conv2d(cin, cout, k, padding=k // 2), nn.ReLU()]
                cin = cout
            case ("conv", cout, k, stride):
                layers += [
                    nn.Conv2d(cin, cout, k, stride, padding=k // 2, bias=False),
                    nn.BatchNorm2d(cout),
                    nn.ReLU(),
                ]
                cin = cout
            case ("pool",):
                layers.append(nn.MaxPool2d(2))
            case ("drop", p):
                layers.append(nn.Dropout2d(p))
            case ("gap",):
                layers += [nn.AdaptiveAvgPool2d(1), nn.Flatten()]
    return nn.Sequential(*layers), cin


body, c = build(spec)
model = nn.Sequential(body, nn.Linear(c, 10))
