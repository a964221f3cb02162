"""encodec: residual_vq_config (wild-code corpus, benchmarks/wild)."""

from encodec.quantization import ResidualVectorQuantizer

config = dict(
    dimension=32,
    n_q=4,
    bins=64,
)
model = ResidualVectorQuantizer(**config)
