"""axial_attention: axial_image_transformer (wild-code corpus, benchmarks/wild)."""

from axial_attention import AxialImageTransformer

model = AxialImageTransformer(
    dim=32,
    depth=2,
    heads=4,
    reversible=True,
)
