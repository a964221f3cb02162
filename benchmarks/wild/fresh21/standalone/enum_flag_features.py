"""enum.Flag selects optional branches; the input width sums the widths of the selected feature groups."""

import enum

import torch.nn as nn


class Feat(enum.Flag):
    MFCC = enum.auto()
    PITCH = enum.auto()
    ENERGY = enum.auto()
    SPEAKER = enum.auto()


WIDTH = {Feat.MFCC: 40, Feat.PITCH: 1, Feat.ENERGY: 1, Feat.SPEAKER: 256}


class Acoustic(nn.Module):
    def __init__(self, feats: Feat, hidden=128, out=80):
        super().__init__()
        d = sum(w for f, w in WIDTH.items() if f in feats)
        self.spk = nn.Linear(256, 32) if Feat.SPEAKER in feats else None
        if self.spk is not None:
            d = d - 256 + 32
        self.rnn = nn.GRU(d, hidden, batch_first=True)
        self.out = nn.Linear(hidden, out)

    def forward(self, x):
        return self.out(self.rnn(x)[0])


model = Acoustic(Feat.MFCC | Feat.PITCH | Feat.SPEAKER, hidden=64, out=20)
