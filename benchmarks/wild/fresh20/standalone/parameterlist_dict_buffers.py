"""ParameterList / ParameterDict mixture model with non-persistent buffers."""

import torch
import torch.nn as nn


class Mixture(nn.Module):
    def __init__(self, k=5, d=12):
        super().__init__()
        self.means = nn.ParameterList(nn.Parameter(torch.zeros(d)) for _ in range(k))
        self.scales = nn.ParameterDict({f"c{i}": nn.Parameter(torch.ones(d, d)) for i in range(k)})
        self.logits = nn.Parameter(torch.zeros(k))
        self.register_buffer("eye", torch.eye(d), persistent=False)
        self.register_buffer("count", torch.zeros(()))
        self.proj = nn.Linear(d, d)


model = Mixture(k=4, d=10)
