"""A YOLOv5-style parse_model: rows of [from, repeats, module-name, args] (a dict literal as a
YAML file would load), module names resolved with eval, channels tracked per row, depth/width multiples."""

import math

import torch
import torch.nn as nn


def make_divisible(x, divisor=8):
    return math.ceil(x / divisor) * divisor


class Conv(nn.Module):
    def __init__(self, c1, c2, k=1, s=1):
        super().__init__()
        self.conv = nn.Conv2d(c1, c2, k, s, k // 2, bias=False)
        self.bn = nn.BatchNorm2d(c2)
        self.act = nn.SiLU()


class Bottleneck(nn.Module):
    def __init__(self, c1, c2, shortcut=True, e=0.5):
        super().__init__()
        c_ = int(c2 * e)
        self.cv1 = Conv(c1, c_, 1, 1)
        self.cv2 = Conv(c_, c2, 3, 1)
        self.add = shortcut and c1 == c2


class C3(nn.Module):
    def __init__(self, c1, c2, n=1, shortcut=True, e=0.5):
        super().__init__()
        c_ = int(c2 * e)
        self.cv1 = Conv(c1, c_, 1, 1)
        self.cv2 = Conv(c1, c_, 1, 1)
        self.cv3 = Conv(2 * c_, c2, 1)
        self.m = nn.Sequential(*(Bottleneck(c_, c_, shortcut, e=1.0) for _ in range(n)))


class SPPF(nn.Module):
    def __init__(self, c1, c2, k=5):
        super().__init__()
        c_ = c1 // 2
        self.cv1 = Conv(c1, c_, 1, 1)
        self.cv2 = Conv(c_ * 4, c2, 1, 1)
        self.m = nn.MaxPool2d(kernel_size=k, stride=1, padding=k // 2)


class Concat(nn.Module):
    def __init__(self, dimension=1):
        super().__init__()
        self.d = dimension


CFG = {
    "nc": 3,
    "depth_multiple": 0.33,
    "width_multiple": 0.25,
    "backbone": [
        [-1, 1, "Conv", [64, 6, 2]],
        [-1, 1, "Conv", [128, 3, 2]],
        [-1, 3, "C3", [128]],
        [-1, 1, "Conv", [256, 3, 2]],
        [-1, 6, "C3", [256]],
        [-1, 1, "Conv", [512, 3, 2]],
        [-1, 3, "C3", [512]],
        [-1, 1, "SPPF", [512, 5]],
    ],
    "head": [
        [-1, 1, "Conv", [256, 1, 1]],
        [-1, 1, "nn.Upsample", [None, 2, "nearest"]],
        [[-1, 4], 1, "Concat", [1]],
        [-1, 3, "C3", [256, False]],
    ],
}


def parse_model(d, ch):
    gd, gw = d["depth_multiple"], d["width_multiple"]
    layers, c2 = [], ch[-1]
    for i, (f, n, m, args) in enumerate(d["backbone"] + d["head"]):
        m = eval(m) if isinstance(m, str) else m
        n = max(round(n * gd), 1) if n > 1 else n
        if m in (Conv, C3, SPPF):
            c1, c2 = ch[f], args[0]
            c2 = make_divisible(c2 * gw, 8)
            args = [c1, c2, *args[1:]]
            if m is C3:
                args.insert(2, n)
                n = 1
        elif m is Concat:
            c2 = sum(ch[x] for x in f)
        else:
            c2 = ch[f]
        m_ = nn.Sequential(*(m(*args) for _ in range(n))) if n > 1 else m(*args)
        layers.append(m_)
        if i == 0:
            ch = []
        ch.append(c2)
    return nn.Sequential(*layers)


class Detect(nn.Module):
    def __init__(self, nc, ch, na=3):
        super().__init__()
        self.m = nn.Conv2d(ch, na * (nc + 5), 1)
        self.register_buffer("anchors", torch.zeros(na, 2))


class YOLO(nn.Module):
    def __init__(self, cfg, ch=3):
        super().__init__()
        self.model = parse_model(cfg, [ch])
        self.detect = Detect(cfg["nc"], make_divisible(256 * cfg["width_multiple"], 8))


model = YOLO(CFG)
