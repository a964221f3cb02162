"""Misspelled layer names in a config resolved with `difflib.get_close_matches` against a registry; a name with no close match is skipped."""

import difflib

import torch.nn as nn

REGISTRY = {
    "linear": lambda: nn.Linear(16, 16),
    "layernorm": lambda: nn.LayerNorm(16),
    "conv": lambda: nn.Conv1d(16, 16, 3),
}
requested = ["lineer", "layer_norm", "cnov", "dropout"]
layers = []
for name in requested:
    hit = difflib.get_close_matches(name, REGISTRY, n=1, cutoff=0.6)
    if hit:
        layers.append(REGISTRY[hit[0]]())
model = nn.Sequential(*layers)
