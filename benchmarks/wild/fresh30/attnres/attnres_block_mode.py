"""A small AttnResTransformer (attn-res) with block attention residuals: 4 layers in 2 blocks, GQA 4/2."""

from attn_res import AttnResMode, AttnResTransformer, TransformerConfig

cfg = TransformerConfig(
    d_model=64,
    n_layers=4,
    n_heads=4,
    n_kv_heads=2,
    vocab_size=500,
    max_seq_len=128,
    attn_res_mode=AttnResMode.BLOCK,
    n_blocks=2,
)
model = AttnResTransformer(cfg)
