"""vector_quantize_pytorch: vq_learnable (wild-code corpus, benchmarks/wild)."""

from vector_quantize_pytorch import VectorQuantize

model = VectorQuantize(
    dim=32,
    codebook_size=64,
    learnable_codebook=True,
    ema_update=False,
)
