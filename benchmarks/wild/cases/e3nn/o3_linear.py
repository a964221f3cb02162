"""e3nn: o3_linear (wild-code corpus, benchmarks/wild)."""

from e3nn import o3

model = o3.Linear("8x0e + 4x1o", "4x0e + 2x1o")
