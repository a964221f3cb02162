"""soft_moe_pytorch: soft_moe_slots (wild-code corpus, benchmarks/wild)."""

from soft_moe_pytorch import SoftMoE

model = SoftMoE(
    dim=32,
    num_slots=8,
    num_experts=4,
    expert_mult=2,
)
