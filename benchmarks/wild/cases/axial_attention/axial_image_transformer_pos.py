"""axial_attention: axial_image_transformer_pos (wild-code corpus, benchmarks/wild)."""

from axial_attention import AxialImageTransformer

model = AxialImageTransformer(
    dim=16,
    depth=1,
    heads=2,
    reversible=False,
    axial_pos_emb_shape=(8, 8),
)
