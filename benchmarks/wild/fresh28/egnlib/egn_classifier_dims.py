"""An Equivariant Geodesic Network (SPD-manifold classifier) over 16x16 SPD inputs, dims 16 -> 10 -> 6, 4 classes."""

from egn import EGN

model = EGN(num_classes=4, in_dim=16, input_kind="spd", dims=[16, 10, 6], depth=2)
