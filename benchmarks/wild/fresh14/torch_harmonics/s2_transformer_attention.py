"""A spherical transformer (neighbourhood attention on the sphere) for a segmentation-like task."""

from torch_harmonics.examples.models import SphericalTransformer

model = SphericalTransformer(
    img_size=(32, 64),
    in_chans=3,
    out_chans=5,
    embed_dim=32,
    num_layers=2,
    scale_factor=2,
    num_heads=4,
    attention_mode="neighborhood",
)
