"""Raw parameters in ParameterList / ParameterDict and non-persistent buffers (RBF network)."""

import math

import torch
import torch.nn as nn


class RBFNet(nn.Module):
    def __init__(self, in_dim=3, centers=(8, 16), out_dim=2):
        super().__init__()
        self.centers = nn.ParameterList([nn.Parameter(torch.randn(k, in_dim)) for k in centers])
        self.log_widths = nn.ParameterList(nn.Parameter(torch.zeros(k)) for k in centers)
        total = sum(centers)
        self.readout = nn.ParameterDict(
            {
                "weight": nn.Parameter(torch.randn(out_dim, total)),
                "bias": nn.Parameter(torch.zeros(out_dim)),
            }
        )
        self.register_buffer("scale", torch.tensor(1.0 / math.sqrt(in_dim)), persistent=False)
        self.register_buffer("counts", torch.zeros(total))
        self.register_parameter("unused", None)


model = RBFNet(in_dim=3, centers=(8, 16, 4), out_dim=2)
