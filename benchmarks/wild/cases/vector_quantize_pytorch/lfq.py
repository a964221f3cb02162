"""vector_quantize_pytorch: lfq (wild-code corpus, benchmarks/wild)."""

from vector_quantize_pytorch import LFQ

model = LFQ(
    dim=16,
    codebook_size=256,
)
