import torch
import torch.nn as nn


class Fire(nn.Module):
    def __init__(self, inplanes, squeeze_planes, expand1x1_planes, expand3x3_planes):
        super().__init__()
        self.squeeze = nn.Conv2d(inplanes, squeeze_planes, kernel_size=1)
        self.expand1x1 = nn.Conv2d(squeeze_planes, expand1x1_planes, kernel_size=1)
        self.expand3x3 = nn.Conv2d(squeeze_planes, expand3x3_planes, kernel_size=3, padding=1)
        self.out_channels = expand1x1_planes + expand3x3_planes

    def forward(self, x):
        x = torch.relu(self.squeeze(x))
        return torch.cat([torch.relu(self.expand1x1(x)), torch.relu(self.expand3x3(x))], 1)


# (squeeze, expand) per fire module; "M" is a max pool (SqueezeNet 1.1 layout)
FIRE_CFG = [(16, 64), (16, 64), "M", (32, 128), (32, 128), "M", (48, 192), (48, 192), (64, 256), (64, 256)]


def squeezenet(num_classes=1000, stem=64, cfg=FIRE_CFG):
    layers = [nn.Conv2d(3, stem, kernel_size=3, stride=2), nn.ReLU(inplace=True), nn.MaxPool2d(3, 2, ceil_mode=True)]
    ch = stem
    for item in cfg:
        if item == "M":
            layers.append(nn.MaxPool2d(3, 2, ceil_mode=True))
        else:
            s, e = item
            fire = Fire(ch, s, e, e)
            layers.append(fire)
            ch = fire.out_channels
    classifier = nn.Sequential(nn.Dropout(0.5), nn.Conv2d(ch, num_classes, 1), nn.ReLU(inplace=True), nn.AdaptiveAvgPool2d(1))
    return nn.Sequential(nn.Sequential(*layers), classifier)


model = squeezenet(num_classes=37)
