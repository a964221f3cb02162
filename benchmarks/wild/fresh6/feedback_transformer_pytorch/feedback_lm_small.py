"""Feedback Transformer language model (shared memory across layers), small."""

from feedback_transformer_pytorch import FeedbackTransformer

model = FeedbackTransformer(
    num_tokens=2000, dim=64, depth=3, seq_len=2, mem_len=32, heads=4, dim_head=16
)
