"""TiDE (Das et al.): a feature projection residual block, dense residual encoder and decoder
stacks (each block an MLP plus a linear skip and a LayerNorm), a temporal decoder per horizon
step, and a global lookback-to-horizon linear skip."""

import torch.nn as nn


class ResBlock(nn.Module):
    def __init__(self, d_in, d_hidden, d_out, layer_norm=True):
        super().__init__()
        self.dense = nn.Sequential(
            nn.Linear(d_in, d_hidden), nn.ReLU(), nn.Linear(d_hidden, d_out), nn.Dropout(0.1)
        )
        self.skip = nn.Linear(d_in, d_out)
        self.norm = nn.LayerNorm(d_out) if layer_norm else nn.Identity()


class TiDE(nn.Module):
    def __init__(
        self,
        lookback=720,
        horizon=96,
        n_cov=7,
        cov_proj=4,
        hidden=256,
        n_enc=2,
        n_dec=2,
        dec_out=8,
        temporal_hidden=128,
    ):
        super().__init__()
        self.horizon, self.dec_out = horizon, dec_out
        self.feature_projection = ResBlock(n_cov, hidden, cov_proj)
        enc_in = lookback + (lookback + horizon) * cov_proj
        self.encoder = nn.Sequential(
            ResBlock(enc_in, hidden, hidden),
            *[ResBlock(hidden, hidden, hidden) for _ in range(n_enc - 1)],
        )
        self.decoder = nn.Sequential(
            *[ResBlock(hidden, hidden, hidden) for _ in range(n_dec - 1)],
            ResBlock(hidden, hidden, dec_out * horizon),
        )
        self.temporal_decoder = ResBlock(dec_out + cov_proj, temporal_hidden, 1)
        self.lookback_skip = nn.Linear(lookback, horizon)


model = TiDE()
