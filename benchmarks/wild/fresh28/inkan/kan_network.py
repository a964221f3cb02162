"""inKAN's B-spline KAN network 6 -> 16 -> 8 -> 1 with 7 grid intervals and cubic splines."""

from inkan import KANNetwork

model = KANNetwork(layer_dims=[6, 16, 8, 1], grid_size=7, spline_order=3)
