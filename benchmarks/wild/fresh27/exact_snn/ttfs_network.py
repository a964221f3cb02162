"""A time-to-first-spike network with exact (IFT) gradients: 20 inputs, two hidden spiking layers, 4 outputs."""

from exact_snn import ExactTTFSNetwork

model = ExactTTFSNetwork(sizes=[20, 16, 12, 4], tm=12.0, ts=3.0, grid_pts=401, seed=1)
