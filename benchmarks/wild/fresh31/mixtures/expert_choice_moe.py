"""An expert-choice MoE with 6 SwiGLU experts."""

import torch
from pytorch_mixtures import ExpertChoiceMoE, MoEConfig

model = ExpertChoiceMoE(
    MoEConfig(
        hidden_dim=12,
        intermediate_dim=20,
        num_experts=6,
        expert_fn="swiglu",
        expert_act="relu",
        router_fn="ec",
        capacity_factor=2.0,
        topk=None,
        dtype=torch.float32,
    )
)
