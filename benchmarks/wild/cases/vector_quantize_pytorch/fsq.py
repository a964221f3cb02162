"""vector_quantize_pytorch: fsq (wild-code corpus, benchmarks/wild)."""

from vector_quantize_pytorch import FSQ

model = FSQ(
    levels=[8, 5, 5, 5],
    dim=32,
)
