"""A GOAT attention layer, width 64, 2 heads of 32, batch first (default ranks 8)."""

from goat import GoatAttention

model = GoatAttention(embed_dim=64, num_heads=2, batch_first=True)
