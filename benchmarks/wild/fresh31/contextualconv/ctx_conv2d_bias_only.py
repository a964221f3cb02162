"""A context-conditioned Conv2d that only adds a bias from a 6-d context (two hidden layers)."""

from contextual_conv import ContextualConv2d

model = ContextualConv2d(
    3, 8, 3, context_dim=6, h_dim=[12, 12], use_scale=False, use_bias=True, linear_bias=True
)
