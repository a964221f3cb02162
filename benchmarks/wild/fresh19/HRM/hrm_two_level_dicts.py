from HRM import HRM

model = HRM(
    networks=[
        dict(dim=64, depth=2, heads=4, attn_dim_head=16, rotary_pos_emb=True),
        dict(dim=64, depth=2, heads=4, attn_dim_head=16, rotary_pos_emb=True),
    ],
    dim=64,
    num_tokens=12,
    reasoning_steps=2,
    relative_period=2,
)
