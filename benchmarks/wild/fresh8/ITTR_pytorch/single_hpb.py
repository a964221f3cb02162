"""One hybrid perception block, the README's sizes."""

from ITTR_pytorch import HPB

model = HPB(
    dim=512,
    dim_head=32,
    heads=8,
    attn_height_top_k=16,
    attn_width_top_k=16,
    attn_dropout=0.0,
    ff_mult=4,
)
