"""RLT's Transformer with cross-attention and 1 kv head out of 4, ff expansion 2."""

from RLT import Transformer

model = Transformer(
    dim=24, depth=2, dim_head=8, heads=4, kv_heads=1, cross_attn=True, ff_expansion_factor=2
)
