"""An ensemble of value heads: three HLGaussLayer instances built by a comprehension with running-stat
supports (number of bins differ per member), one plain regression head (use_regression=True), all on
a shared MLP torso; the heads rely on the layer's default `network`."""

import torch.nn as nn
from hl_gauss_pytorch import HLGaussLayer


class EnsembleValue(nn.Module):
    def __init__(self, in_dim=24, dim=48, bins=(32, 64, 96)):
        super().__init__()
        self.torso = nn.Sequential(
            nn.Linear(in_dim, dim), nn.ReLU(), nn.Linear(dim, dim), nn.ReLU()
        )
        self.members = nn.ModuleList(
            HLGaussLayer(dim, hl_gauss_loss_running_stats=dict(num_bins=b, sigma_to_bin_ratio=1.0))
            for b in bins
        )
        self.mse_head = HLGaussLayer(
            dim, hl_gauss_loss=dict(min_value=0.0, max_value=1.0, num_bins=8), use_regression=True
        )

    def forward(self, x):
        h = self.torso(x)
        return [m(h) for m in self.members] + [self.mse_head(h)]


model = EnsembleValue(in_dim=24, dim=48, bins=(32, 64, 96))
