"""axial_attention: axial_image_transformer_config (wild-code corpus, benchmarks/wild)."""

from axial_attention import AxialImageTransformer

config = dict(
    dim=32,
    depth=2,
    heads=4,
    reversible=True,
)
model = AxialImageTransformer(**config)
