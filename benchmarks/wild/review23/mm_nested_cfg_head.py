import copy

import torch.nn as nn

REG = {}


def register(cls):
    REG[cls.__name__] = cls
    return cls


def build(cfg, **kw):
    cfg = copy.deepcopy(cfg)
    t = cfg.pop("type")
    cfg.update(kw)
    return REG[t](**cfg)


@register
class MLPHead(nn.Module):
    def __init__(self, in_channels, num_classes, hidden=None, loss=None):
        super().__init__()
        hidden = hidden or in_channels
        self.fc1 = nn.Linear(in_channels, hidden)
        self.fc2 = nn.Linear(hidden, num_classes)
        self.loss = build(loss) if loss else None


@register
class CrossEntropy(nn.Module):
    def __init__(self, weight=1.0):
        super().__init__()
        self.w = weight


@register
class Classifier(nn.Module):
    def __init__(self, backbone, head, neck=None):
        super().__init__()
        self.backbone = build(backbone)
        self.neck = build(neck) if neck is not None else None
        self.head = build(head)


@register
class Tiny(nn.Module):
    def __init__(self, out=16):
        super().__init__()
        self.l = nn.Linear(8, out)


model_cfg = dict(
    type="Classifier",
    backbone=dict(type="Tiny", out=24),
    head=dict(
        type="MLPHead", in_channels=24, num_classes=5, hidden=12, loss=dict(type="CrossEntropy")
    ),
)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.m = build(model_cfg)
        self.m2 = build(model_cfg, head=dict(type="MLPHead", in_channels=24, num_classes=3))
