"""Config as types.SimpleNamespace, defaults merged with the dict `|` operator and overrides read from
os.environ.get (unset here, so the defaults hold); a GRU-D-like imputation RNN for irregular series."""

import os
from types import SimpleNamespace

import torch
import torch.nn as nn

DEFAULTS = {"n_features": 12, "hidden": 64, "layers": 1, "dropout": 0.1, "n_classes": 2}
overrides = {"hidden": int(os.environ.get("GRUD_HIDDEN", "48")), "n_classes": 4}
cfg = SimpleNamespace(**(DEFAULTS | overrides))


class GRUD(nn.Module):
    def __init__(self, c):
        super().__init__()
        f, h = c.n_features, c.hidden
        self.gamma_x = nn.Linear(f, f)
        self.gamma_h = nn.Linear(f, h)
        self.x_mean = nn.Parameter(torch.zeros(f), requires_grad=False)
        self.cell = nn.GRUCell(3 * f, h)
        self.cls = nn.Sequential(nn.Dropout(c.dropout), nn.Linear(h, c.n_classes))


model = GRUD(cfg)
