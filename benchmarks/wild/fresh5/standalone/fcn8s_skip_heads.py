"""FCN-8s: a VGG-like backbone split at pool3/pool4, score layers on each skip and transposed
convolutions whose bilinear initialisation is frozen (requires_grad=False, still parameters)."""

import torch.nn as nn


def conv_block(in_ch, out_ch, n):
    layers = []
    for i in range(n):
        layers += [nn.Conv2d(in_ch if i == 0 else out_ch, out_ch, 3, padding=1), nn.ReLU(inplace=True)]
    layers.append(nn.MaxPool2d(2, stride=2, ceil_mode=True))
    return nn.Sequential(*layers)


class FCN8s(nn.Module):
    def __init__(self, n_class=21, widths=(64, 128, 256, 512, 512), fc_width=1024):
        super().__init__()
        reps = (2, 2, 3, 3, 3)
        chans = (3,) + tuple(widths)
        self.stages = nn.ModuleList([conv_block(chans[i], chans[i + 1], reps[i]) for i in range(5)])
        self.fc6 = nn.Conv2d(widths[4], fc_width, 7)
        self.fc7 = nn.Conv2d(fc_width, fc_width, 1)
        self.score_fr = nn.Conv2d(fc_width, n_class, 1)
        self.score_pool3 = nn.Conv2d(widths[2], n_class, 1)
        self.score_pool4 = nn.Conv2d(widths[3], n_class, 1)
        self.upscore2 = nn.ConvTranspose2d(n_class, n_class, 4, stride=2, bias=False)
        self.upscore8 = nn.ConvTranspose2d(n_class, n_class, 16, stride=8, bias=False)
        self.upscore_pool4 = nn.ConvTranspose2d(n_class, n_class, 4, stride=2, bias=False)
        for up in (self.upscore2, self.upscore8, self.upscore_pool4):
            up.weight.requires_grad = False


model = FCN8s(n_class=6, widths=(16, 32, 64, 128, 128), fc_width=256)
