from en_transformer import EnTransformer

model = EnTransformer(
    num_tokens=21,
    dim=128,
    depth=4,
    heads=8,
    dim_head=64,
    rel_pos_emb=True,
    num_adj_degrees=2,
    adj_dim=8,
    num_global_linear_attn_heads=2,
    talking_heads=True,
)
