"""HDC classifier for sensor windows, in the style of torchhd's examples: Level + Random, Centroid."""

import torch.nn as nn
import torchhd
from torchhd import embeddings
from torchhd.models import Centroid

DIMENSIONS = 1000
NUM_LEVELS = 50


class Encoder(nn.Module):
    def __init__(self, out_features, size, levels):
        super().__init__()
        self.flatten = nn.Flatten()
        self.position = embeddings.Random(size, out_features)
        self.value = embeddings.Level(levels, out_features)

    def forward(self, x):
        x = self.flatten(x)
        sample_hv = torchhd.bind(self.position.weight, self.value(x))
        return torchhd.hard_quantize(torchhd.multiset(sample_hv))


class HDModel(nn.Module):
    def __init__(self, num_classes, size):
        super().__init__()
        self.encode = Encoder(DIMENSIONS, size, NUM_LEVELS)
        self.model = Centroid(DIMENSIONS, num_classes)


model = HDModel(num_classes=6, size=128)
