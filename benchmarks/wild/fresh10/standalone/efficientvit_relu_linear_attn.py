"""EfficientViT (MIT) lite-MLA: ReLU linear attention with multi-scale depthwise aggregation of
q/k/v, MBConv stages, widths and depths from a config dict."""

from torch import nn


def conv_bn_act(c_in, c_out, k=3, s=1, groups=1, act=True, bias=False):
    layers = [nn.Conv2d(c_in, c_out, k, s, k // 2, groups=groups, bias=bias), nn.BatchNorm2d(c_out)]
    if act:
        layers.append(nn.Hardswish())
    return nn.Sequential(*layers)


class MBConv(nn.Module):
    def __init__(self, c_in, c_out, stride=1, expand=4):
        super().__init__()
        mid = c_in * expand
        self.inverted_conv = conv_bn_act(c_in, mid, 1, bias=True)
        self.depth_conv = conv_bn_act(mid, mid, 3, stride, groups=mid, bias=True)
        self.point_conv = conv_bn_act(mid, c_out, 1, act=False)


class LiteMLA(nn.Module):
    def __init__(self, c, dim=16, scales=(5,)):
        super().__init__()
        heads = c // dim
        total = heads * dim
        self.qkv = conv_bn_act(c, 3 * total, 1, act=False)
        self.aggreg = nn.ModuleList(
            nn.Sequential(
                nn.Conv2d(3 * total, 3 * total, s, padding=s // 2, groups=3 * total, bias=False),
                nn.Conv2d(3 * total, 3 * total, 1, groups=3 * heads, bias=False),
            )
            for s in scales
        )
        self.proj = conv_bn_act(total * (1 + len(scales)), c, 1, act=False)


class EfficientViTBlock(nn.Module):
    def __init__(self, c, dim=16, expand=4):
        super().__init__()
        self.context_module = LiteMLA(c, dim)
        self.local_module = MBConv(c, c, expand=expand)


CFG = {"width_list": [8, 16, 32, 64, 128], "depth_list": [1, 2, 2, 2, 2], "dim": 16}


def efficientvit_b0(num_classes=1000, cfg=CFG):
    w, d = cfg["width_list"], cfg["depth_list"]
    layers = [conv_bn_act(3, w[0], 3, 2)]
    layers += [MBConv(w[0], w[0], expand=1) for _ in range(d[0])]
    c = w[0]
    for wi, di in zip(w[1:3], d[1:3]):
        layers.append(MBConv(c, wi, stride=2))
        layers += [MBConv(wi, wi) for _ in range(di - 1)]
        c = wi
    for wi, di in zip(w[3:], d[3:]):
        layers.append(MBConv(c, wi, stride=2, expand=6))
        layers += [EfficientViTBlock(wi, cfg["dim"]) for _ in range(di)]
        c = wi
    head = nn.Sequential(
        conv_bn_act(c, 1024, 1),
        nn.AdaptiveAvgPool2d(1),
        nn.Flatten(),
        nn.Linear(1024, 1280, bias=False),
        nn.LayerNorm(1280),
        nn.Hardswish(),
        nn.Linear(1280, num_classes),
    )
    return nn.Sequential(nn.Sequential(*layers), head)


model = efficientvit_b0(num_classes=200)
