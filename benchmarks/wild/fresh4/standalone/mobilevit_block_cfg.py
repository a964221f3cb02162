"""MobileViT-XXS-like: MV2 blocks and MobileViT blocks (local conv, unfold to patches, transformer, fold)."""

import torch.nn as nn
from einops import rearrange


def conv_bn(inp, oup, k=3, stride=1, groups=1, act=True):
    layers = [
        nn.Conv2d(inp, oup, k, stride, k // 2, groups=groups, bias=False),
        nn.BatchNorm2d(oup),
    ]
    if act:
        layers.append(nn.SiLU())
    return nn.Sequential(*layers)


class MV2Block(nn.Module):
    def __init__(self, inp, oup, stride=1, expansion=4):
        super().__init__()
        hidden = inp * expansion
        self.use_res = stride == 1 and inp == oup
        self.conv = nn.Sequential(
            conv_bn(inp, hidden, 1),
            conv_bn(hidden, hidden, 3, stride, groups=hidden),
            conv_bn(hidden, oup, 1, act=False),
        )

    def forward(self, x):
        return x + self.conv(x) if self.use_res else self.conv(x)


class MobileViTBlock(nn.Module):
    def __init__(self, dim, depth, channel, patch_size=(2, 2), mlp_dim=None):
        super().__init__()
        self.ph, self.pw = patch_size
        self.conv1 = conv_bn(channel, channel, 3)
        self.conv2 = conv_bn(channel, dim, 1, act=False)
        layer = nn.TransformerEncoderLayer(
            dim,
            4,
            mlp_dim or 2 * dim,
            dropout=0.0,
            activation="gelu",
            batch_first=True,
            norm_first=True,
        )
        self.transformer = nn.TransformerEncoder(layer, depth, enable_nested_tensor=False)
        self.conv3 = conv_bn(dim, channel, 1)
        self.conv4 = conv_bn(2 * channel, channel, 3)

    def forward(self, x):
        y = x
        x = self.conv2(self.conv1(x))
        _, _, h, w = x.shape
        x = rearrange(x, "b d (h ph) (w pw) -> (b ph pw) (h w) d", ph=self.ph, pw=self.pw)
        x = self.transformer(x)
        x = rearrange(
            x,
            "(b ph pw) (h w) d -> b d (h ph) (w pw)",
            h=h // self.ph,
            w=w // self.pw,
            ph=self.ph,
            pw=self.pw,
        )
        return self.conv4(__import__("torch").cat((self.conv3(x), y), 1))


CFG = {
    "channels": [16, 16, 24, 24, 48, 48, 64, 64, 80, 80, 320],
    "dims": [64, 80, 96],
    "depths": [2, 4, 3],
}


class MobileViT(nn.Module):
    def __init__(self, cfg, num_classes=1000, expansion=2):
        super().__init__()
        c, d, L = cfg["channels"], cfg["dims"], cfg["depths"]
        self.conv1 = conv_bn(3, c[0], 3, 2)
        self.mv2 = nn.ModuleList(
            [
                MV2Block(c[0], c[1], 1, expansion),
                MV2Block(c[1], c[2], 2, expansion),
                MV2Block(c[2], c[3], 1, expansion),
                MV2Block(c[2], c[3], 1, expansion),
                MV2Block(c[3], c[4], 2, expansion),
                MV2Block(c[5], c[6], 2, expansion),
                MV2Block(c[7], c[8], 2, expansion),
            ]
        )
        self.mvit = nn.ModuleList(
            [
                MobileViTBlock(d[0], L[0], c[5], mlp_dim=d[0] * 2),
                MobileViTBlock(d[1], L[1], c[7], mlp_dim=d[1] * 4),
                MobileViTBlock(d[2], L[2], c[9], mlp_dim=d[2] * 4),
            ]
        )
        self.conv2 = conv_bn(c[-2], c[-1], 1)
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(c[-1], num_classes, bias=False)


model = MobileViT(CFG, num_classes=100)
