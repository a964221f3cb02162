"""gateloop_transformer: SimpleGateLoopLayer in a user token mixer stack (fresh batch, benchmarks/wild/fresh)."""

import torch.nn as nn
from gateloop_transformer import SimpleGateLoopLayer


def mixer(dim, depth, ff_mult=2):
    layers = []
    for _ in range(depth):
        layers.append(SimpleGateLoopLayer(dim=dim))
        layers.append(
            nn.Sequential(
                nn.LayerNorm(dim),
                nn.Linear(dim, dim * ff_mult),
                nn.SiLU(),
                nn.Linear(dim * ff_mult, dim),
            )
        )
    return nn.Sequential(*layers)


model = mixer(96, depth=3)
