"""A builder warns on an odd width; `warnings.simplefilter("error")` inside `catch_warnings` turns that warning into an exception and the fallback width is used."""

import warnings

import torch.nn as nn


def checked(width):
    if width % 2:
        warnings.warn("odd width", UserWarning, stacklevel=2)
    return width


with warnings.catch_warnings():
    warnings.simplefilter("error")
    try:
        w = checked(15)
    except UserWarning:
        w = 16
v = checked(15)  # outside: only a warning, 15 stays
model = nn.Sequential(nn.Linear(w, v), nn.Linear(v, w))
