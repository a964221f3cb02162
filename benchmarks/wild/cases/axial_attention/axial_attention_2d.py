"""axial_attention: axial_attention_2d (wild-code corpus, benchmarks/wild)."""

from axial_attention import AxialAttention

model = AxialAttention(
    dim=32,
    dim_index=1,
    heads=4,
    num_dimensions=2,
)
