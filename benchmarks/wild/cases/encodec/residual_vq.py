"""encodec: residual_vq (wild-code corpus, benchmarks/wild)."""

from encodec.quantization import ResidualVectorQuantizer

model = ResidualVectorQuantizer(
    dimension=32,
    n_q=4,
    bins=64,
)
