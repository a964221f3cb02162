"""MVCNN: one CNN applied to every rendered view (the same module object per view, kept in a
list so the views read naturally), view pooling, and a classifier."""

import torch.nn as nn


def vgg_features(cfg=(32, "M", 64, "M", 128, 128, "M", 256, 256, "M")):
    layers, c = [], 3
    for v in cfg:
        if v == "M":
            layers.append(nn.MaxPool2d(2))
        else:
            layers += [nn.Conv2d(c, v, 3, padding=1), nn.BatchNorm2d(v), nn.ReLU(inplace=True)]
            c = v
    return nn.Sequential(*layers)


class MVCNN(nn.Module):
    def __init__(self, num_views=12, num_classes=40):
        super().__init__()
        backbone = vgg_features()
        self.views = nn.ModuleList([backbone for _ in range(num_views)])
        self.net_2 = nn.Sequential(
            nn.Flatten(),
            nn.Linear(256 * 14 * 14, 512),
            nn.ReLU(),
            nn.Dropout(),
            nn.Linear(512, num_classes),
        )


model = MVCNN()
