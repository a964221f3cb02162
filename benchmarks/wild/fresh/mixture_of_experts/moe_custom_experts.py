"""mixture_of_experts: the experts passed in as a user module (fresh batch, benchmarks/wild/fresh)."""

import torch
import torch.nn as nn
from mixture_of_experts import MoE


class GLUExperts(nn.Module):
    def __init__(self, dim, num_experts=16, mult=2):
        super().__init__()
        hidden = dim * mult
        self.w_in = nn.Parameter(torch.randn(num_experts, dim, hidden * 2))
        self.w_out = nn.Parameter(torch.randn(num_experts, hidden, dim))

    def forward(self, x):
        a, b = torch.einsum("end,edh->enh", x, self.w_in).chunk(2, dim=-1)
        return torch.einsum("enh,ehd->end", a * torch.sigmoid(b), self.w_out)


experts = GLUExperts(dim=96, num_experts=6, mult=3)
model = MoE(dim=96, num_experts=6, experts=experts)
