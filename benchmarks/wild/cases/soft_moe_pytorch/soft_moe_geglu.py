"""soft_moe_pytorch: soft_moe_geglu (wild-code corpus, benchmarks/wild)."""

from soft_moe_pytorch import SoftMoE

model = SoftMoE(
    dim=32,
    seq_len=16,
    num_experts=2,
    geglu=True,
    use_layernorm=True,
)
