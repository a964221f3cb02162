"""A spec object answering `in` through __contains__: a layer gets a bias when its name is in the spec."""

import torch.nn as nn


class BiasSpec:
    def __init__(self, prefixes):
        self.prefixes = tuple(prefixes)

    def __contains__(self, name):
        return name.startswith(self.prefixes)


spec = BiasSpec(["attn_", "out"])
names = ["attn_q", "attn_k", "mlp_in", "mlp_out", "out"]
model = nn.ModuleDict({n: nn.Linear(48, 48, bias=n in spec) for n in names})
