"""YOLOX-S head by hand: per-level stems and decoupled cls / reg branches (3x3 convs + BN + SiLU)
with separate cls, reg and objectness predictors, on top of a PAFPN's three levels; widths from
the depth / width multipliers."""

import torch.nn as nn


def conv(i, o, k=3, s=1):
    return nn.Sequential(
        nn.Conv2d(i, o, k, s, k // 2, bias=False),
        nn.BatchNorm2d(o, eps=1e-3, momentum=0.03),
        nn.SiLU(),
    )


class YOLOXHead(nn.Module):
    def __init__(self, num_classes=80, width=0.5, in_channels=(256, 512, 1024)):
        super().__init__()
        hid = int(256 * width)
        self.stems = nn.ModuleList(conv(int(c * width), hid, 1) for c in in_channels)
        self.cls_convs = nn.ModuleList(
            nn.Sequential(conv(hid, hid), conv(hid, hid)) for _ in in_channels
        )
        self.reg_convs = nn.ModuleList(
            nn.Sequential(conv(hid, hid), conv(hid, hid)) for _ in in_channels
        )
        self.cls_preds = nn.ModuleList(nn.Conv2d(hid, num_classes, 1) for _ in in_channels)
        self.reg_preds = nn.ModuleList(nn.Conv2d(hid, 4, 1) for _ in in_channels)
        self.obj_preds = nn.ModuleList(nn.Conv2d(hid, 1, 1) for _ in in_channels)


class PAFPNLite(nn.Module):
    def __init__(self, width=0.5, in_channels=(256, 512, 1024)):
        super().__init__()
        c3, c4, c5 = (int(c * width) for c in in_channels)
        self.lateral_conv0 = conv(c5, c4, 1)
        self.reduce_conv1 = conv(c4, c3, 1)
        self.C3_p4 = conv(2 * c4, c4)
        self.C3_p3 = conv(2 * c3, c3)
        self.bu_conv2 = conv(c3, c3, 3, 2)
        self.C3_n3 = conv(2 * c3, c4)
        self.bu_conv1 = conv(c4, c4, 3, 2)
        self.C3_n4 = conv(2 * c4, c5)


class YOLOXNeckHead(nn.Module):
    def __init__(self, num_classes=20):
        super().__init__()
        self.neck = PAFPNLite()
        self.head = YOLOXHead(num_classes)


model = YOLOXNeckHead()
