"""st_moe_pytorch: moe (wild-code corpus, benchmarks/wild)."""

from st_moe_pytorch import MoE

model = MoE(
    dim=64,
    num_experts=4,
    gating_top_n=2,
)
