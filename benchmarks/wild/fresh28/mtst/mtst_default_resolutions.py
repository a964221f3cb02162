"""MTST multi-resolution forecaster: 7 input series, a 24-step horizon, width 32, 4 heads."""

from mtst import MTSTForecaster

model = MTSTForecaster(input_dim=7, output_shape=(24,), embed_dim=32, heads=4, n_layers=2)
