"""palm_pytorch: PaLM with small sizes (fresh batch, benchmarks/wild/fresh)."""

from palm_pytorch import PaLM

model = PaLM(num_tokens=2000, dim=128, depth=4, heads=4, dim_head=32)
