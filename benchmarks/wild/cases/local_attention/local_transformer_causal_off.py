"""local_attention: local_transformer_causal_off (wild-code corpus, benchmarks/wild)."""

from local_attention import LocalTransformer

model = LocalTransformer(
    num_tokens=100,
    max_seq_len=64,
    dim=64,
    depth=2,
    heads=4,
    dim_head=16,
    local_attn_window_size=16,
    causal=False,
    ff_mult=2,
)
