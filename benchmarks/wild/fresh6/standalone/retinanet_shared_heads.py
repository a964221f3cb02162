"""RetinaNet subnets: one classification and one box head shared by every FPN level, prior bias."""

import math

import torch.nn as nn


class SubNet(nn.Module):
    def __init__(self, ch, out_per_anchor, num_anchors=9, num_convs=4, prior=None):
        super().__init__()
        layers = []
        for _ in range(num_convs):
            layers += [nn.Conv2d(ch, ch, 3, padding=1), nn.GroupNorm(32, ch), nn.ReLU(inplace=True)]
        self.tower = nn.Sequential(*layers)
        self.out = nn.Conv2d(ch, num_anchors * out_per_anchor, 3, padding=1)
        nn.init.normal_(self.out.weight, std=0.01)
        if prior is not None:
            nn.init.constant_(self.out.bias, -math.log((1 - prior) / prior))

    def forward(self, x):
        return self.out(self.tower(x))


class RetinaHead(nn.Module):
    def __init__(self, ch=128, num_classes=20, num_anchors=9):
        super().__init__()
        self.cls_subnet = SubNet(ch, num_classes, num_anchors, prior=0.01)
        self.box_subnet = SubNet(ch, 4, num_anchors)

    def forward(self, features):
        # the same two subnets run on P3..P7
        return [self.cls_subnet(f) for f in features], [self.box_subnet(f) for f in features]


model = RetinaHead(ch=128, num_classes=20, num_anchors=9)
