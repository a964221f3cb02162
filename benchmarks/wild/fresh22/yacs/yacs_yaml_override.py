"""A detectron-style yacs config: defaults, a YAML string merged over them, then merge_from_list overrides."""

from torch import nn
from yacs.config import CfgNode as CN

_C = CN()
_C.MODEL = CN()
_C.MODEL.IN_CH = 3
_C.MODEL.WIDTHS = [16, 32]
_C.MODEL.NUM_CLASSES = 10
_C.MODEL.NORM = "BN"

YAML = """
MODEL:
  WIDTHS: [8, 16, 24]
  NORM: "GN"
"""

cfg = _C.clone()
cfg.merge_from_other_cfg(CN.load_cfg(YAML))
cfg.merge_from_list(["MODEL.NUM_CLASSES", 5])
cfg.freeze()


def norm(kind, ch):
    return nn.BatchNorm2d(ch) if kind == "BN" else nn.GroupNorm(4, ch)


def build(c):
    layers, prev = [], c.MODEL.IN_CH
    for w in c.MODEL.WIDTHS:
        layers += [nn.Conv2d(prev, w, 3, padding=1), norm(c.MODEL.NORM, w), nn.ReLU()]
        prev = w
    return nn.Sequential(
        *layers, nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(prev, c.MODEL.NUM_CLASSES)
    )


model = build(cfg)
