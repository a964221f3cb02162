# enum.IntFlag feature switches decide which sub-modules a multimodal encoder builds
import enum

import torch.nn as nn


class Feat(enum.IntFlag):
    TEXT = 1
    IMAGE = 2
    AUDIO = 4


class Encoder(nn.Module):
    def __init__(self, feats: Feat, dim=128):
        super().__init__()
        self.towers = nn.ModuleDict()
        if Feat.TEXT in feats:
            self.towers["text"] = nn.Sequential(nn.Embedding(10000, dim), nn.Linear(dim, dim))
        if Feat.IMAGE in feats:
            self.towers["image"] = nn.Sequential(nn.Conv2d(3, dim, 16, stride=16), nn.Flatten(2))
        if Feat.AUDIO in feats:
            self.towers["audio"] = nn.Conv1d(64, dim, 3, padding=1)
        self.fuse = nn.Linear(dim * bin(int(feats)).count("1"), dim)


model = Encoder(Feat.TEXT | Feat.AUDIO)
