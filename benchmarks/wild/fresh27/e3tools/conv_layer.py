"""An e3tools equivariant point convolution: spherical harmonics up to l=1 on the edges, a 6-dim radial embedding."""

from e3tools.nn import Conv

model = Conv(
    irreps_in="6x0e + 3x1o", irreps_out="6x0e + 3x1o", irreps_sh="0e + 1o", edge_attr_dim=6
)
