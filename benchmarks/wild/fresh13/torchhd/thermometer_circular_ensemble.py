"""Several value encoders in a ModuleDict keyed by feature type; IntRVFL as the classifier."""

import torch.nn as nn
from torchhd import embeddings
from torchhd.models import IntRVFL

FEATURES = {"temperature": ("thermometer", 16), "angle": ("circular", 12), "count": ("level", 10)}


class MixedHD(nn.Module):
    def __init__(self, dim=256, classes=3):
        super().__init__()
        makers = {
            "thermometer": embeddings.Thermometer,
            "circular": embeddings.Circular,
            "level": embeddings.Level,
        }
        self.encoders = nn.ModuleDict(
            {name: makers[kind](levels, dim) for name, (kind, levels) in FEATURES.items()}
        )
        self.rvfl = IntRVFL(
            in_features=len(FEATURES), dimensions=dim, out_features=classes, kappa=3
        )


model = MixedHD(dim=128, classes=3)
