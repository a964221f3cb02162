import math

import torch.nn as nn


class FPN(nn.Module):
    def __init__(self, in_channels_list, out_channels, extra_levels=2):
        super().__init__()
        self.inner = nn.ModuleList(nn.Conv2d(c, out_channels, 1) for c in in_channels_list)
        self.layer = nn.ModuleList(
            nn.Conv2d(out_channels, out_channels, 3, padding=1) for _ in in_channels_list
        )
        # P6 from C5, P7 from P6
        self.extra = nn.ModuleList()
        c = in_channels_list[-1]
        for _ in range(extra_levels):
            self.extra.append(nn.Conv2d(c, out_channels, 3, stride=2, padding=1))
            c = out_channels


class Head(nn.Module):
    def __init__(self, ch, num_anchors, out_per_anchor, num_convs=4, prior=None):
        super().__init__()
        tower = []
        for _ in range(num_convs):
            tower += [nn.Conv2d(ch, ch, 3, padding=1), nn.GroupNorm(32, ch), nn.ReLU()]
        self.tower = nn.Sequential(*tower)
        self.out = nn.Conv2d(ch, num_anchors * out_per_anchor, 3, padding=1)
        if prior is not None:
            nn.init.constant_(self.out.bias, -math.log((1 - prior) / prior))


class RetinaNet(nn.Module):
    def __init__(self, backbone_channels, num_classes, fpn_ch=256, scales=3, ratios=3, num_convs=4):
        super().__init__()
        a = scales * ratios
        self.fpn = FPN(backbone_channels, fpn_ch)
        # one head shared by all five pyramid levels
        self.cls_head = Head(fpn_ch, a, num_classes, num_convs, prior=0.01)
        self.box_head = Head(fpn_ch, a, 4, num_convs)


model = RetinaNet(
    backbone_channels=[128, 256, 512], num_classes=20, fpn_ch=64, scales=3, ratios=3, num_convs=2
)
