"""A top-2 MoE with 4 feed-forward experts from pytorch_mixtures' MoEConfig."""

import torch
from pytorch_mixtures import MoEConfig, TopkMoE

cfg = MoEConfig(
    hidden_dim=16,
    intermediate_dim=32,
    num_experts=4,
    expert_fn="ff",
    expert_act="gelu",
    router_fn="topk",
    capacity_factor=1.25,
    topk=2,
    dtype=torch.float32,
)
model = TopkMoE(cfg)
