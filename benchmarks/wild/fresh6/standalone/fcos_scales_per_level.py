"""FCOS head: shared towers, centerness on the regression branch, one learnable Scale per level."""

import torch
import torch.nn as nn


class Scale(nn.Module):
    def __init__(self, init_value=1.0):
        super().__init__()
        self.scale = nn.Parameter(torch.tensor([init_value]))

    def forward(self, x):
        return x * self.scale


def tower(ch, n):
    mods = []
    for _ in range(n):
        mods.append(nn.Conv2d(ch, ch, 3, padding=1, bias=False))
        mods.append(nn.GroupNorm(16, ch))
        mods.append(nn.ReLU())
    return nn.Sequential(*mods)


class FCOSHead(nn.Module):
    def __init__(self, in_ch=96, num_classes=15, num_convs=3, strides=(8, 16, 32, 64, 128)):
        super().__init__()
        self.cls_tower = tower(in_ch, num_convs)
        self.bbox_tower = tower(in_ch, num_convs)
        self.cls_logits = nn.Conv2d(in_ch, num_classes, 3, padding=1)
        self.bbox_pred = nn.Conv2d(in_ch, 4, 3, padding=1)
        self.centerness = nn.Conv2d(in_ch, 1, 3, padding=1)
        self.scales = nn.ModuleList([Scale(1.0) for _ in strides])

    def forward(self, feats):
        out = []
        for scale, f in zip(self.scales, feats):
            b = self.bbox_tower(f)
            out.append(
                (
                    self.cls_logits(self.cls_tower(f)),
                    torch.exp(scale(self.bbox_pred(b))),
                    self.centerness(b),
                )
            )
        return out


model = FCOSHead(in_ch=96, num_classes=15, num_convs=3)
