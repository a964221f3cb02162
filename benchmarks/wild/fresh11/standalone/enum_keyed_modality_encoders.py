"""Modality encoders keyed by an Enum: a table maps each member to (input dim, depth); the ModuleDict
uses member names, the fusion width comes from an IntEnum, and one modality is disabled by flag."""

import enum

import torch.nn as nn


class Modality(enum.Enum):
    TEXT = "text"
    IMAGE = "image"
    AUDIO = "audio"
    TABULAR = "tabular"


class Width(enum.IntEnum):
    SMALL = 32
    BASE = 64


TABLE = {
    Modality.TEXT: (300, 2),
    Modality.IMAGE: (512, 1),
    Modality.AUDIO: (128, 3),
    Modality.TABULAR: (20, 1),
}


def mlp(d_in, d, depth):
    layers = [nn.Linear(d_in, d), nn.GELU()]
    for _ in range(depth - 1):
        layers += [nn.Linear(d, d), nn.GELU()]
    return nn.Sequential(*layers)


class Fusion(nn.Module):
    def __init__(
        self, width=Width.SMALL, enabled=frozenset(Modality) - {Modality.AUDIO}, n_classes=5
    ):
        super().__init__()
        self.encoders = nn.ModuleDict(
            {
                m.name.lower(): mlp(TABLE[m][0], int(width), TABLE[m][1])
                for m in Modality
                if m in enabled
            }
        )
        self.modality_embed = nn.Embedding(len(Modality), width)
        self.head = nn.Linear(width * len(self.encoders), n_classes)


model = Fusion(width=Width.BASE)
