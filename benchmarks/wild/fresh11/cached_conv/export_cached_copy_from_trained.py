"""Export for real-time use: the same builder run twice, once plain (training) and once with cached
convolutions (export); the trained weights are loaded into the cached twin, which is the model."""

import cached_conv as cc
import torch.nn as nn


def build(channels=(1, 16, 32, 32), k=5, strides=(1, 2, 2)):
    layers = []
    for cin, cout, s in zip(channels[:-1], channels[1:], strides):
        layers += [
            cc.Conv1d(cin, cout, k, stride=s, padding=cc.get_padding(k, s, mode="causal")),
            nn.GELU(),
        ]
    layers.append(cc.Conv1d(channels[-1], 4, 1))
    return cc.CachedSequential(*layers)


cc.use_cached_conv(False)
trained = build()
cc.use_cached_conv(True)
exported = build()
exported.load_state_dict(trained.state_dict(), strict=False)
cc.use_cached_conv(False)
model = exported
