"""UPerNet decode head: a pyramid pooling module on the last stage, FPN laterals / convs for the
others, a fusion conv and the classifier; plus the auxiliary FCN head."""

import torch.nn as nn


def cbr(i, o, k=3):
    return nn.Sequential(
        nn.Conv2d(i, o, k, padding=k // 2, bias=False), nn.BatchNorm2d(o), nn.ReLU(inplace=True)
    )


class UPerHead(nn.Module):
    def __init__(
        self,
        in_channels=(96, 192, 384, 768),
        channels=512,
        pool_scales=(1, 2, 3, 6),
        num_classes=150,
    ):
        super().__init__()
        self.psp_modules = nn.ModuleList(
            nn.Sequential(nn.AdaptiveAvgPool2d(s), cbr(in_channels[-1], channels, 1))
            for s in pool_scales
        )
        self.bottleneck = cbr(in_channels[-1] + len(pool_scales) * channels, channels)
        self.lateral_convs = nn.ModuleList(cbr(c, channels, 1) for c in in_channels[:-1])
        self.fpn_convs = nn.ModuleList(cbr(channels, channels) for _ in in_channels[:-1])
        self.fpn_bottleneck = cbr(len(in_channels) * channels, channels)
        self.conv_seg = nn.Conv2d(channels, num_classes, 1)


class AuxFCN(nn.Module):
    def __init__(self, cin=384, channels=256, num_classes=150):
        super().__init__()
        self.convs = cbr(cin, channels)
        self.conv_seg = nn.Conv2d(channels, num_classes, 1)


class UPerNetHeads(nn.Module):
    def __init__(self):
        super().__init__()
        self.decode_head = UPerHead()
        self.auxiliary_head = AuxFCN()


model = UPerNetHeads()
