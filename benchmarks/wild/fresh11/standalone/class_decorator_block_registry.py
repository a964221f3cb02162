"""Blocks registered by a class decorator with arguments; a network assembled from a list of
registered names and per-block kwargs. The decorator also injects a default `expansion`."""

import torch.nn as nn

BLOCKS = {}


def register(name, expansion=1):
    def deco(cls):
        BLOCKS[name] = cls
        cls.expansion = expansion
        return cls

    return deco


@register("basic")
class Basic(nn.Module):
    def __init__(self, cin, cout, stride=1):
        super().__init__()
        self.conv1 = nn.Conv2d(cin, cout, 3, stride, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(cout)
        self.conv2 = nn.Conv2d(cout, cout * self.expansion, 3, 1, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(cout * self.expansion)


@register("bottleneck", expansion=4)
class Bottleneck(nn.Module):
    def __init__(self, cin, cout, stride=1):
        super().__init__()
        self.reduce = nn.Conv2d(cin, cout, 1, bias=False)
        self.conv = nn.Conv2d(cout, cout, 3, stride, 1, bias=False)
        self.expand = nn.Conv2d(cout, cout * self.expansion, 1, bias=False)
        self.bn = nn.BatchNorm2d(cout * self.expansion)


@register("mbconv", expansion=6)
class MBConv(nn.Module):
    def __init__(self, cin, cout, stride=1):
        super().__init__()
        hidden = cin * self.expansion
        self.pw = nn.Conv2d(cin, hidden, 1, bias=False)
        self.dw = nn.Conv2d(hidden, hidden, 3, stride, 1, groups=hidden, bias=False)
        self.pwl = nn.Conv2d(hidden, cout, 1, bias=False)
        self.bn = nn.BatchNorm2d(cout)
        self.expansion_out = 1


PLAN = [("basic", 16, 1), ("bottleneck", 8, 2), ("mbconv", 24, 1), ("basic", 32, 2)]


class Net(nn.Module):
    def __init__(self, plan=PLAN, stem=16, n_classes=10):
        super().__init__()
        self.stem = nn.Conv2d(3, stem, 3, padding=1)
        blocks, cin = [], stem
        for name, cout, stride in plan:
            cls = BLOCKS[name]
            blocks.append(cls(cin, cout, stride))
            cin = cout * (1 if name == "mbconv" else cls.expansion)
        self.blocks = nn.Sequential(*blocks)
        self.fc = nn.Linear(cin, n_classes)


model = Net(plan=PLAN, stem=16, n_classes=10)
