from x_transformers import Decoder, TransformerWrapper

model = TransformerWrapper(
    num_tokens=32000,
    max_seq_len=2048,
    use_abs_pos_emb=False,
    attn_layers=Decoder(
        dim=384,
        depth=6,
        heads=6,
        attn_kv_heads=2,
        rotary_pos_emb=True,
        ff_glu=True,
        ff_swish=True,
        use_rmsnorm=True,
    ),
)
