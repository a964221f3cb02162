"""vector_quantize_pytorch: vq_config (wild-code corpus, benchmarks/wild)."""

from vector_quantize_pytorch import VectorQuantize

config = dict(
    dim=64,
    codebook_size=128,
)
model = VectorQuantize(**config)
