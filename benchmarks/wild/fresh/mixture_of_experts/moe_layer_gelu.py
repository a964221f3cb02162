"""mixture_of_experts: the sparsely gated MoE layer with a GELU activation (fresh batch, benchmarks/wild/fresh)."""

import torch.nn as nn
from mixture_of_experts import MoE

model = MoE(
    dim=128,
    num_experts=8,
    hidden_dim=128 * 4,
    activation=nn.GELU,
    second_policy_train="random",
    second_policy_eval="random",
    second_threshold_train=0.2,
    capacity_factor_train=1.25,
    loss_coef=1e-2,
)
