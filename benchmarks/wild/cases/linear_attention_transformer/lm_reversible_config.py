"""linear_attention_transformer: lm_reversible_config (wild-code corpus, benchmarks/wild)."""

from linear_attention_transformer import LinearAttentionTransformerLM

config = dict(
    num_tokens=100,
    dim=64,
    heads=4,
    depth=2,
    max_seq_len=64,
    reversible=True,
    dim_head=16,
)
model = LinearAttentionTransformerLM(**config)
