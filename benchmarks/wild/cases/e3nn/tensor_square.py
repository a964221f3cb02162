"""e3nn: tensor_square (wild-code corpus, benchmarks/wild)."""

from e3nn import o3

model = o3.TensorSquare("4x0e + 2x1o", "8x0e + 2x2e")
