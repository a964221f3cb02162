"""A recursive U-Net whose depth and channel list come from a JSON string; each level built recursively."""

import json

import torch.nn as nn

CFG = json.loads('{"in_ch": 1, "out_ch": 3, "channels": [16, 32, 64, 96], "bilinear": false}')


def double_conv(cin, cout):
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, padding=1),
        nn.BatchNorm2d(cout),
        nn.ReLU(),
        nn.Conv2d(cout, cout, 3, padding=1),
        nn.BatchNorm2d(cout),
        nn.ReLU(),
    )


class Level(nn.Module):
    def __init__(self, chans, bilinear):
        super().__init__()
        c = chans[0]
        self.inner = Level(chans[1:], bilinear) if len(chans) > 1 else None
        if self.inner is not None:
            nxt = chans[1]
            self.down = nn.Sequential(nn.MaxPool2d(2), double_conv(c, nxt))
            self.up = (
                nn.Upsample(scale_factor=2) if bilinear else nn.ConvTranspose2d(nxt, c, 2, stride=2)
            )
            self.merge = double_conv(2 * c if not bilinear else c + nxt, c)


class UNet(nn.Module):
    def __init__(self, in_ch, out_ch, channels, bilinear):
        super().__init__()
        self.stem = double_conv(in_ch, channels[0])
        self.body = Level(channels, bilinear)
        self.head = nn.Conv2d(channels[0], out_ch, 1)


model = UNet(**CFG)
