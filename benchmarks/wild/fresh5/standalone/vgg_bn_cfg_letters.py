"""VGG from the letter-keyed cfg table, with batch norm; a CIFAR head."""

import torch.nn as nn

cfgs = {
    "A": [64, "M", 128, "M", 256, 256, "M", 512, 512, "M", 512, 512, "M"],
    "B": [64, 64, "M", 128, 128, "M", 256, 256, "M", 512, 512, "M", 512, 512, "M"],
    "D": [64, 64, "M", 128, 128, "M", 256, 256, 256, "M", 512, 512, 512, "M", 512, 512, 512, "M"],
}


def make_layers(cfg, batch_norm=False, in_channels=3):
    layers = []
    for v in cfg:
        if v == "M":
            layers += [nn.MaxPool2d(kernel_size=2, stride=2)]
        else:
            conv2d = nn.Conv2d(in_channels, v, kernel_size=3, padding=1)
            if batch_norm:
                layers += [conv2d, nn.BatchNorm2d(v), nn.ReLU(inplace=True)]
            else:
                layers += [conv2d, nn.ReLU(inplace=True)]
            in_channels = v
    return nn.Sequential(*layers)


class VGG(nn.Module):
    def __init__(self, features, num_classes=10, hidden=512):
        super().__init__()
        self.features = features
        self.classifier = nn.Sequential(
            nn.Linear(512, hidden), nn.ReLU(True), nn.Dropout(), nn.Linear(hidden, hidden), nn.ReLU(True), nn.Linear(hidden, num_classes)
        )


def vgg(cfg_name, batch_norm=True, **kwargs):
    return VGG(make_layers(cfgs[cfg_name], batch_norm=batch_norm), **kwargs)


model = vgg("A", batch_norm=True, num_classes=10, hidden=256)
