"""e3nn: o3_linear_irreps (wild-code corpus, benchmarks/wild)."""

from e3nn import o3

irreps_in = o3.Irreps("16x0e + 8x1o + 4x2e")
irreps_out = o3.Irreps("8x0e + 8x1o")
model = o3.Linear(irreps_in, irreps_out)
