"""UNet++ (nested U-Net) with its nodes kept in a ModuleDict keyed x_i_j and deep supervision heads."""

import torch
import torch.nn as nn


class VGGBlock(nn.Module):
    def __init__(self, cin, cmid, cout):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv2d(cin, cmid, 3, padding=1),
            nn.BatchNorm2d(cmid),
            nn.ReLU(inplace=True),
            nn.Conv2d(cmid, cout, 3, padding=1),
            nn.BatchNorm2d(cout),
            nn.ReLU(inplace=True),
        )

    def forward(self, x):
        return self.body(x)


class NestedUNet(nn.Module):
    def __init__(
        self,
        num_classes=1,
        input_channels=3,
        nb_filter=(32, 64, 128, 256, 512),
        deep_supervision=True,
    ):
        super().__init__()
        self.pool = nn.MaxPool2d(2, 2)
        self.up = nn.Upsample(scale_factor=2, mode="bilinear", align_corners=True)
        self.nodes = nn.ModuleDict()
        depth = len(nb_filter)
        for j in range(depth):
            for i in range(depth - j):
                if j == 0:
                    cin = input_channels if i == 0 else nb_filter[i - 1]
                else:
                    cin = nb_filter[i] * j + nb_filter[i + 1]
                self.nodes[f"x_{i}_{j}"] = VGGBlock(cin, nb_filter[i], nb_filter[i])
        self.deep_supervision = deep_supervision
        n_heads = depth - 1 if deep_supervision else 1
        self.heads = nn.ModuleList(nn.Conv2d(nb_filter[0], num_classes, 1) for _ in range(n_heads))

    def forward(self, x):
        depth = 5
        feats = {}
        for i in range(depth):
            feats[(i, 0)] = self.nodes[f"x_{i}_0"](x if i == 0 else self.pool(feats[(i - 1, 0)]))
        for j in range(1, depth):
            for i in range(depth - j):
                prev = [feats[(i, k)] for k in range(j)]
                feats[(i, j)] = self.nodes[f"x_{i}_{j}"](
                    torch.cat(prev + [self.up(feats[(i + 1, j - 1)])], 1)
                )
        if self.deep_supervision:
            return [h(feats[(0, j + 1)]) for j, h in enumerate(self.heads)]
        return self.heads[0](feats[(0, depth - 1)])


model = NestedUNet(num_classes=2, input_channels=1, deep_supervision=True)
