"""soft_moe_pytorch: soft_moe_config (wild-code corpus, benchmarks/wild)."""

from soft_moe_pytorch import SoftMoE

config = dict(
    dim=64,
    seq_len=32,
    num_experts=4,
)
model = SoftMoE(**config)
