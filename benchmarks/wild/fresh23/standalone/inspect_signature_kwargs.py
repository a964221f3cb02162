"""A flat config dict filtered through inspect.signature so each class only gets the kwargs it accepts."""

import inspect

from torch import nn

CONFIG = {
    "in_features": 16,
    "out_features": 32,
    "num_heads": 4,
    "embed_dim": 32,
    "batch_first": True,
    "bias": False,
    "normalized_shape": 32,
    "eps": 1e-6,
    "dropout": 0.1,
}


def build(cls, cfg=CONFIG, **override):
    accepted = inspect.signature(cls).parameters
    kwargs = {k: v for k, v in {**cfg, **override}.items() if k in accepted}
    return cls(**kwargs)


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.inp = build(nn.Linear)
        self.attn = build(nn.MultiheadAttention)
        self.norm = build(nn.LayerNorm)
        self.out = build(nn.Linear, in_features=32, out_features=4, bias=True)


model = Encoder()
