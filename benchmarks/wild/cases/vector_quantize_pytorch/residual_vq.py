"""vector_quantize_pytorch: residual_vq (wild-code corpus, benchmarks/wild)."""

from vector_quantize_pytorch import ResidualVQ

model = ResidualVQ(
    dim=32,
    num_quantizers=4,
    codebook_size=64,
)
