"""A plain torch feature extractor with an ADF head (variance only in the last layers), full-covariance mode."""

import torch.nn as nn
import torchadf.nn as adf


class Hybrid(nn.Module):
    def __init__(self, d_in=20, feat=32, out=4):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(d_in, feat), nn.Tanh(), nn.Linear(feat, feat))
        self.head = adf.Sequential(
            adf.Linear(feat, feat // 2, mode="full"),
            adf.ReLU(),
            adf.Linear(feat // 2, out, bias=False, mode="full"),
        )


model = Hybrid(d_in=10, feat=24, out=2)
