"""axial_attention: axial_attention_3d (wild-code corpus, benchmarks/wild)."""

from axial_attention import AxialAttention

model = AxialAttention(
    dim=16,
    dim_index=1,
    dim_heads=8,
    heads=2,
    num_dimensions=3,
    sum_axial_out=False,
)
