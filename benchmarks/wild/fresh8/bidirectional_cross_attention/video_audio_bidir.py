"""One bidirectional cross-attention layer between video and audio token streams."""

from bidirectional_cross_attention import BidirectionalCrossAttention

model = BidirectionalCrossAttention(
    dim=512, heads=8, dim_head=64, context_dim=384, talking_heads=True, prenorm=True
)
