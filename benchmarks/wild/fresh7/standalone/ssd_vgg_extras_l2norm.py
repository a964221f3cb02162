"""SSD300: VGG16 base from a cfg list, extra layers, L2Norm with a learned scale, loc/conf heads."""

import torch
import torch.nn as nn

BASE = [64, 64, "M", 128, 128, "M", 256, 256, 256, "C", 512, 512, 512, "M", 512, 512, 512]
EXTRAS = [256, "S", 512, 128, "S", 256, 128, 256, 128, 256]
MBOX = [4, 6, 6, 6, 4, 4]


def vgg(cfg, i=3):
    layers = []
    for v in cfg:
        if v == "M":
            layers.append(nn.MaxPool2d(2, 2))
        elif v == "C":
            layers.append(nn.MaxPool2d(2, 2, ceil_mode=True))
        else:
            layers += [nn.Conv2d(i, v, 3, padding=1), nn.ReLU(inplace=True)]
            i = v
    layers += [
        nn.MaxPool2d(3, 1, 1),
        nn.Conv2d(512, 1024, 3, padding=6, dilation=6),
        nn.ReLU(inplace=True),
        nn.Conv2d(1024, 1024, 1),
        nn.ReLU(inplace=True),
    ]
    return layers


def extras(cfg, i=1024):
    layers, flag = [], False
    for k, v in enumerate(cfg):
        if i != "S":
            if v == "S":
                layers.append(nn.Conv2d(i, cfg[k + 1], (1, 3)[flag], stride=2, padding=1))
            else:
                layers.append(nn.Conv2d(i, v, (1, 3)[flag]))
            flag = not flag
        i = v
    return layers


class L2Norm(nn.Module):
    def __init__(self, channels, scale):
        super().__init__()
        self.weight = nn.Parameter(torch.full((channels,), float(scale)))


class SSD(nn.Module):
    def __init__(self, num_classes=21):
        super().__init__()
        self.vgg = nn.ModuleList(vgg(BASE))
        self.L2Norm = L2Norm(512, 20)
        self.extras = nn.ModuleList(extras(EXTRAS))
        sources = [512, 1024] + [self.extras[k].out_channels for k in range(1, len(self.extras), 2)]
        self.loc = nn.ModuleList([nn.Conv2d(c, m * 4, 3, padding=1) for c, m in zip(sources, MBOX)])
        self.conf = nn.ModuleList(
            [nn.Conv2d(c, m * num_classes, 3, padding=1) for c, m in zip(sources, MBOX)]
        )


model = SSD()
