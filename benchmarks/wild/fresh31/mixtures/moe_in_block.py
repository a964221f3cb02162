"""A transformer block whose FFN is a top-1 MoE with 3 experts (config built by dataclasses.replace)."""

import dataclasses

import torch
import torch.nn as nn
from pytorch_mixtures import MoEConfig, TopkMoE

base = MoEConfig(
    hidden_dim=24,
    intermediate_dim=48,
    num_experts=8,
    expert_fn="ff",
    expert_act="gelu",
    router_fn="topk",
    capacity_factor=1.0,
    topk=2,
    dtype=torch.float32,
)


class Block(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.ln1 = nn.LayerNorm(cfg.hidden_dim)
        self.attn = nn.MultiheadAttention(cfg.hidden_dim, 4, batch_first=True)
        self.ln2 = nn.LayerNorm(cfg.hidden_dim)
        self.moe = TopkMoE(cfg)


model = Block(dataclasses.replace(base, num_experts=3, topk=1))
