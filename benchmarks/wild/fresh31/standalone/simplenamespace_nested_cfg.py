"""Idiom: a nested config of types.SimpleNamespace built from a dict by a recursive helper (as many
research repos do for YAML); a later attribute assignment on the shared sub-namespace changes both
users, since the encoder and the decoder were given the same object."""

from types import SimpleNamespace

import torch.nn as nn


def to_ns(d):
    return SimpleNamespace(**{k: to_ns(v) if isinstance(v, dict) else v for k, v in d.items()})


cfg = to_ns({"model": {"dim": 16, "block": {"expand": 2, "layers": 2}}, "vocab": 40})
cfg.model.encoder = cfg.model.block
cfg.model.decoder = cfg.model.block
cfg.model.decoder.expand = 3  # the same namespace: the encoder's expand is 3 too


def stack(dim, spec):
    return nn.Sequential(
        *[
            nn.Sequential(
                nn.Linear(dim, dim * spec.expand), nn.ReLU(), nn.Linear(dim * spec.expand, dim)
            )
            for _ in range(spec.layers)
        ]
    )


class EncDec(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.embed = nn.Embedding(c.vocab, c.model.dim)
        self.encoder = stack(c.model.dim, c.model.encoder)
        self.decoder = stack(c.model.dim, c.model.decoder)


model = EncDec(cfg)
