"""GOAT attention over keys / values of other widths (kdim 20, vdim 12), without bias, small ranks."""

from goat import GoatAttention

model = GoatAttention(
    embed_dim=32, num_heads=2, bias=False, kdim=20, vdim=12, pos_rank=4, abs_rank=2
)
