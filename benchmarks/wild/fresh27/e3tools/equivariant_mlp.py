"""An E(3)-equivariant MLP (e3tools): scalars and vectors in, two gated hidden layers, scalars out."""

from e3nn import o3
from e3tools.nn import EquivariantMLP

model = EquivariantMLP(
    irreps_in=o3.Irreps("4x0e + 2x1o"),
    irreps_out=o3.Irreps("3x0e"),
    irreps_hidden_list=[o3.Irreps("8x0e + 4x1o"), o3.Irreps("6x0e + 2x1o")],
)
