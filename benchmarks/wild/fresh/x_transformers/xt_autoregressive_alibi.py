"""x_transformers: a decoder LM with ALiBi and residual attention, in AutoregressiveWrapper (fresh batch, benchmarks/wild/fresh)."""

from x_transformers import AutoregressiveWrapper, Decoder, TransformerWrapper

attn_cfg = dict(dim=128, depth=3, heads=4)
attn_cfg.update(alibi_pos_bias=True, alibi_num_heads=2, residual_attn=True, ff_mult=2)

net = TransformerWrapper(
    num_tokens=512,
    max_seq_len=256,
    use_abs_pos_emb=False,
    attn_layers=Decoder(**attn_cfg),
)
model = AutoregressiveWrapper(net)
