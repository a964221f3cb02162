"""LieTransformer (SE(3) lifting) over atoms given as token types, as in the repository's example."""

from lie_transformer_pytorch import LieTransformer

model = LieTransformer(
    dim=64,
    num_tokens=24,
    depth=2,
    heads=4,
    dim_head=16,
    liftsamples=4,
    k=64,
    nbhd=16,
    dim_out=8,
)
