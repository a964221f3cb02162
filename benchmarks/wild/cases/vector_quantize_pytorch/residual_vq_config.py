"""vector_quantize_pytorch: residual_vq_config (wild-code corpus, benchmarks/wild)."""

from vector_quantize_pytorch import ResidualVQ

config = dict(
    dim=32,
    num_quantizers=4,
    codebook_size=64,
)
model = ResidualVQ(**config)
