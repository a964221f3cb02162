"""vector_quantize_pytorch: vq_codebook_dim (wild-code corpus, benchmarks/wild)."""

from vector_quantize_pytorch import VectorQuantize

model = VectorQuantize(
    dim=64,
    codebook_size=128,
    codebook_dim=16,
    heads=2,
    separate_codebook_per_head=True,
)
