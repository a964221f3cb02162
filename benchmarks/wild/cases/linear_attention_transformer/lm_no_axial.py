"""linear_attention_transformer: lm_no_axial (wild-code corpus, benchmarks/wild)."""

from linear_attention_transformer import LinearAttentionTransformerLM

model = LinearAttentionTransformerLM(
    num_tokens=100,
    dim=64,
    heads=4,
    depth=2,
    max_seq_len=64,
    use_axial_pos_emb=False,
    use_rotary_emb=True,
)
