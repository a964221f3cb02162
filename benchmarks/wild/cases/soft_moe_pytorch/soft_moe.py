"""soft_moe_pytorch: soft_moe (wild-code corpus, benchmarks/wild)."""

from soft_moe_pytorch import SoftMoE

model = SoftMoE(
    dim=64,
    seq_len=32,
    num_experts=4,
)
