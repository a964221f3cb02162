"""e3nn: fully_connected_tp (wild-code corpus, benchmarks/wild)."""

from e3nn import o3

model = o3.FullyConnectedTensorProduct("2x0e + 1x1o", "2x0e + 1x1o", "4x0e + 2x1o")
