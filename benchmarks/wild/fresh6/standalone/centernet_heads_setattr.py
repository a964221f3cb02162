"""CenterNet-style heads on a small deconv backbone, one head per output set with __setattr__."""

import torch.nn as nn


class CenterNet(nn.Module):
    def __init__(self, heads, head_conv=64, num_deconv=3):
        super().__init__()
        self.heads = heads
        self.stem = nn.Sequential(
            nn.Conv2d(3, 32, 7, 2, 3, bias=False),
            nn.BatchNorm2d(32),
            nn.ReLU(inplace=True),
            nn.Conv2d(32, 128, 3, 4, 1, bias=False),
            nn.BatchNorm2d(128),
            nn.ReLU(inplace=True),
        )
        layers, ch = [], 128
        for _ in range(num_deconv):
            layers += [
                nn.ConvTranspose2d(ch, 64, 4, 2, 1, bias=False),
                nn.BatchNorm2d(64),
                nn.ReLU(inplace=True),
            ]
            ch = 64
        self.deconv_layers = nn.Sequential(*layers)
        for head in sorted(self.heads):
            classes = self.heads[head]
            fc = nn.Sequential(
                nn.Conv2d(64, head_conv, 3, padding=1, bias=True),
                nn.ReLU(inplace=True),
                nn.Conv2d(head_conv, classes, 1),
            )
            if "hm" in head:
                fc[-1].bias.data.fill_(-2.19)
            self.__setattr__(head, fc)

    def forward(self, x):
        x = self.deconv_layers(self.stem(x))
        return {head: self.__getattr__(head)(x) for head in self.heads}


model = CenterNet(heads={"hm": 12, "wh": 2, "reg": 2}, head_conv=64)
