"""Config as a types.SimpleNamespace built from a nested dict, with attribute overrides after the fact."""

from types import SimpleNamespace

import torch.nn as nn


def ns(d):
    return SimpleNamespace(**{k: ns(v) if isinstance(v, dict) else v for k, v in d.items()})


cfg = ns(
    {"enc": {"dim": 48, "depth": 2, "heads": 4}, "dec": {"dim": 32, "vocab": 77}, "dropout": 0.1}
)
cfg.enc.depth = 3
cfg.dec.vocab += 3
vars(cfg.dec).update(dim=40)


class Model(nn.Module):
    def __init__(self, c):
        super().__init__()
        layer = nn.TransformerEncoderLayer(
            c.enc.dim,
            c.enc.heads,
            dim_feedforward=c.enc.dim * 2,
            dropout=c.dropout,
            batch_first=True,
        )
        self.encoder = nn.TransformerEncoder(
            layer, num_layers=c.enc.depth, enable_nested_tensor=False
        )
        self.bridge = nn.Linear(c.enc.dim, c.dec.dim)
        self.lm = nn.Linear(c.dec.dim, c.dec.vocab)

    def forward(self, x):
        return self.lm(self.bridge(self.encoder(x)))


model = Model(cfg)
