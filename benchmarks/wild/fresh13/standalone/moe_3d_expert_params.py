"""A mixture-of-experts FFN with experts stored as 3D parameter tensors (E, d, h) and a router."""

import torch
import torch.nn as nn


class MoEFFN(nn.Module):
    def __init__(self, d=64, h=128, experts=4, shared=True):
        super().__init__()
        self.router = nn.Linear(d, experts, bias=False)
        self.w_in = nn.Parameter(torch.empty(experts, d, h))
        self.w_out = nn.Parameter(torch.empty(experts, h, d))
        self.b_in = nn.Parameter(torch.zeros(experts, 1, h))
        self.shared = nn.Sequential(nn.Linear(d, h), nn.GELU(), nn.Linear(h, d)) if shared else None
        for w in (self.w_in, self.w_out):
            nn.init.normal_(w, std=0.02)


class Block(nn.Module):
    def __init__(self, d, moe):
        super().__init__()
        self.attn = nn.MultiheadAttention(d, 4, batch_first=True)
        self.n1, self.n2 = nn.LayerNorm(d), nn.LayerNorm(d)
        self.ffn = (
            MoEFFN(d, 2 * d, experts=4, shared=False)
            if moe
            else nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d))
        )


model = nn.Sequential(*(Block(64, moe=(i % 2 == 1)) for i in range(4)))
