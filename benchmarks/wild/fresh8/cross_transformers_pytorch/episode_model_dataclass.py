"""A few-shot episode model from a dataclass: a conv-4 backbone and two cross-transformer heads
(coarse and fine feature levels)."""

from dataclasses import dataclass

import torch.nn as nn
from cross_transformers_pytorch import CrossTransformer


@dataclass
class Cfg:
    width: int = 64
    dim_key: int = 32
    dim_value: int = 64


def conv_block(i, o):
    return nn.Sequential(
        nn.Conv2d(i, o, 3, padding=1), nn.BatchNorm2d(o), nn.ReLU(), nn.MaxPool2d(2)
    )


class Episode(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        w = cfg.width
        self.stage1 = nn.Sequential(conv_block(3, w), conv_block(w, w))
        self.stage2 = nn.Sequential(conv_block(w, 2 * w), conv_block(2 * w, 2 * w))
        self.coarse = CrossTransformer(dim=2 * w, dim_key=cfg.dim_key, dim_value=cfg.dim_value)
        self.fine = CrossTransformer(dim=w, dim_key=cfg.dim_key, dim_value=cfg.dim_value)


model = Episode(Cfg())
