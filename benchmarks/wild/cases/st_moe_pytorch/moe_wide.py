"""st_moe_pytorch: moe_wide (wild-code corpus, benchmarks/wild)."""

from st_moe_pytorch import MoE

model = MoE(
    dim=32,
    num_experts=8,
    expert_hidden_mult=2,
)
