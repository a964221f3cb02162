# research style: a sparse MoE layer with a router and a list of expert FFNs
import torch.nn as nn


class MoE(nn.Module):
    def __init__(self, d, n_experts, d_ff, top_k=2):
        super().__init__()
        self.router = nn.Linear(d, n_experts, bias=False)
        self.experts = nn.ModuleList(
            nn.Sequential(nn.Linear(d, d_ff), nn.GELU(), nn.Linear(d_ff, d))
            for _ in range(n_experts)
        )
        self.top_k = top_k


model = nn.ModuleList(
    [MoE(128, n_experts=8, d_ff=256) if i % 2 else nn.Linear(128, 128) for i in range(4)]
)
