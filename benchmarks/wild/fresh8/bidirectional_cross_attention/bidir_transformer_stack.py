"""A stack of bidirectional cross-attention + feedforward layers (the library's transformer)."""

from bidirectional_cross_attention import BidirectionalCrossAttentionTransformer

model = BidirectionalCrossAttentionTransformer(
    dim=256, depth=4, context_dim=128, ff_expansion_factor=2.0, final_norms=True
)
