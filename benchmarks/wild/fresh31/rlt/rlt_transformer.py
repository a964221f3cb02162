"""The plain Transformer of RLT: width 32, depth 2, 2 heads of 16."""

from RLT import Transformer

model = Transformer(dim=32, depth=2, dim_head=16, heads=2)
