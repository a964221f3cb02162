"""linear_attention_transformer: transformer (wild-code corpus, benchmarks/wild)."""

from linear_attention_transformer import LinearAttentionTransformer

model = LinearAttentionTransformer(
    dim=64,
    heads=4,
    depth=2,
    max_seq_len=64,
    n_local_attn_heads=2,
)
