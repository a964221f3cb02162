"""An equivariant transformer block (e3tools): two heads of attention over neighbours, then an equivariant MLP."""

from e3nn import o3
from e3tools.nn import TransformerBlock

model = TransformerBlock(
    irreps_in=o3.Irreps("8x0e + 2x1o"),
    irreps_out=o3.Irreps("8x0e + 2x1o"),
    irreps_sh=o3.Irreps.spherical_harmonics(1),
    edge_attr_dim=4,
    num_heads=2,
)
