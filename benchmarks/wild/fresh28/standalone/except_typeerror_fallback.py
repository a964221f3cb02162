"""A builder tries a keyword the layer class does not take; the `except TypeError` fallback builds a different layer."""

import torch.nn as nn


def make_proj(d_in, d_out):
    try:
        return nn.Linear(d_in, d_out, gain=2.0)
    except TypeError:
        return nn.Sequential(nn.Linear(d_in, d_out * 2), nn.GLU())


def make_norm(d):
    try:
        return nn.LayerNorm(d, elementwise_affine=False)
    except TypeError:
        return nn.BatchNorm1d(d)


model = nn.Sequential(make_proj(12, 20), make_norm(20), make_proj(20, 4))
