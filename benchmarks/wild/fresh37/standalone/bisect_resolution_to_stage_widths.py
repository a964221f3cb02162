# width chosen by bisect over resolution thresholds (a scaling table)
import bisect

import torch.nn as nn

thresholds = [128, 224, 320, 448]
width_table = [16, 24, 32, 48, 64]


def width_for(res):
    return width_table[bisect.bisect_right(thresholds, res)]


def stem(res):
    w = width_for(res)
    return nn.Sequential(nn.Conv2d(3, w, 3, 2, 1, bias=False), nn.BatchNorm2d(w), nn.Hardswish())


model = nn.ModuleList([stem(96), stem(224), stem(300), stem(512)])
