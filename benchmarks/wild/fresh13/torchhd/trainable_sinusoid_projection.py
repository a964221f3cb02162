"""Sinusoid and Projection encoders with requires_grad=True (they become trainable), plus a head."""

import torch.nn as nn
from torchhd.embeddings import Projection, Sinusoid


def make_encoder(kind, in_features, dim, trainable):
    table = {"sinusoid": Sinusoid, "projection": Projection}
    return table[kind](in_features, dim, requires_grad=trainable)


class HybridHD(nn.Module):
    def __init__(self, in_features=20, dim=512, classes=4):
        super().__init__()
        self.enc_a = make_encoder("sinusoid", in_features, dim, trainable=True)
        self.enc_b = make_encoder("projection", in_features, dim, trainable=False)
        self.head = nn.Linear(dim, classes)


model = HybridHD(in_features=24, dim=256, classes=5)
