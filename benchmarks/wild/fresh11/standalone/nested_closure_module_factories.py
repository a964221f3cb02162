"""Modules from nested closures: a factory of factories captures the norm choice and width multiplier,
returns a builder, which returns a block-class built at call time with the captured values."""

import torch.nn as nn


def make_block_factory(norm="ln", mult=2):
    def norm_layer(d):
        return nn.LayerNorm(d) if norm == "ln" else nn.RMSNorm(d)

    def factory(dim, gated=False):
        hidden = dim * mult

        class Block(nn.Module):
            def __init__(self):
                super().__init__()
                self.norm = norm_layer(dim)
                self.up = nn.Linear(dim, hidden * (2 if gated else 1))
                self.down = nn.Linear(hidden, dim)

        return Block()

    return factory


def stack(factory, dims):
    def build(gated_every=2):
        return nn.ModuleList(factory(d, gated=(i % gated_every == 0)) for i, d in enumerate(dims))

    return build


ln_factory = make_block_factory("ln", mult=4)
rms_factory = make_block_factory("rms", mult=2)
model = nn.ModuleDict(
    {
        "encoder": stack(ln_factory, [32, 32, 32])(),
        "decoder": stack(rms_factory, [32, 32])(gated_every=1),
        "proj": nn.Linear(32, 32),
    }
)
