"""vector_quantize_pytorch: vq (wild-code corpus, benchmarks/wild)."""

from vector_quantize_pytorch import VectorQuantize

model = VectorQuantize(
    dim=64,
    codebook_size=128,
)
