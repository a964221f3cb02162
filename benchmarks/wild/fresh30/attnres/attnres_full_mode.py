"""AttnResTransformer (attn-res) with full attention residuals over every earlier layer, 3 layers, ffn_mult 2."""

from attn_res import AttnResMode, AttnResTransformer, TransformerConfig

model = AttnResTransformer(
    TransformerConfig(
        d_model=48,
        n_layers=3,
        n_heads=6,
        n_kv_heads=3,
        vocab_size=300,
        max_seq_len=64,
        ffn_mult=2.0,
        attn_res_mode=AttnResMode.FULL,
        n_blocks=3,
    )
)
