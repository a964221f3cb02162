"""mixture_of_experts: a transformer block whose FFN is a hierarchical MoE (fresh batch, benchmarks/wild/fresh)."""

import torch.nn as nn
from mixture_of_experts import HeirarchicalMoE


class MoEBlock(nn.Module):
    def __init__(self, dim, heads, experts=(4, 4)):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim)
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.norm2 = nn.LayerNorm(dim)
        self.moe = HeirarchicalMoE(dim, num_experts=experts)

    def forward(self, x):
        h = self.norm1(x)
        x = x + self.attn(h, h, h, need_weights=False)[0]
        out, aux_loss = self.moe(self.norm2(x))
        return x + out, aux_loss


model = nn.ModuleList([MoEBlock(64, 4, experts=(2, 4)) for _ in range(2)])
