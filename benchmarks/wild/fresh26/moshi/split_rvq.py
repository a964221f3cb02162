"""Mimi's split residual vector quantizer: one semantic codebook and three acoustic ones, projected."""

from moshi.quantization import SplitResidualVectorQuantizer

model = SplitResidualVectorQuantizer(
    n_q=4, n_q_semantic=1, dimension=16, input_dimension=32, output_dimension=32, bins=64
)
