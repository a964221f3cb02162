"""local_attention: local_attention_relpos (wild-code corpus, benchmarks/wild)."""

from local_attention import LocalAttention

model = LocalAttention(
    window_size=16,
    causal=True,
    dim=64,
    use_rotary_pos_emb=False,
    rel_pos_emb_config=(16, 4),
)
