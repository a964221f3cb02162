"""Layer kinds parsed from keys with `str.lstrip("layer_")`: lstrip removes a SET of characters, not a prefix, so
"layer_linear" becomes "inear" and falls through to the default kind."""

import torch.nn as nn

KINDS = {"linear": lambda d: nn.Linear(d, d), "norm": lambda d: nn.LayerNorm(d)}
spec = ["layer_linear", "layer_norm", "layer_linear"]
layers = []
for key in spec:
    kind = key.lstrip("layer_")  # "inear", "norm", "inear"
    layers.append(KINDS.get(kind, lambda d: nn.Identity())(16))
model = nn.Sequential(nn.Linear(8, 16), *layers, nn.Linear(16, 4))
