"""A distributional critic: a small transformer encoder, then an HLGaussLayer whose `network` is an
MLP and whose loss is given as a dict (num_bins sizes the logits layer)."""

import torch.nn as nn
from hl_gauss_pytorch import HLGaussLayer


class Critic(nn.Module):
    def __init__(self, obs_dim=17, dim=64, depth=2, heads=4, num_bins=51):
        super().__init__()
        self.embed = nn.Linear(obs_dim, dim)
        layer = nn.TransformerEncoderLayer(dim, heads, dim_feedforward=dim * 2, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, depth)
        self.value_head = HLGaussLayer(
            dim,
            network=nn.Sequential(nn.Linear(dim, dim), nn.SiLU()),
            norm_embed=True,
            hl_gauss_loss=dict(
                min_value=-10.0, max_value=10.0, num_bins=num_bins, sigma_to_bin_ratio=0.75
            ),
        )

    def forward(self, obs):
        return self.value_head(self.encoder(self.embed(obs))[:, 0])


model = Critic(obs_dim=17, dim=64, depth=2, heads=4, num_bins=51)
