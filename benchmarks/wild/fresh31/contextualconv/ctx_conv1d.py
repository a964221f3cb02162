"""A context-conditioned Conv1d (FiLM from a 10-d context through one hidden layer of 16)."""

from contextual_conv import ContextualConv1d

model = ContextualConv1d(
    8, 12, 3, context_dim=10, h_dim=16, use_scale=True, scale_mode="film", padding=1
)
