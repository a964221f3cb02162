"""An MTST whose three resolutions are all 1 (one scale repeated), 1 layer, width 16."""

from mtst import MTSTForecaster

model = MTSTForecaster(
    input_dim=5, output_shape=(6,), embed_dim=16, heads=2, n_layers=1, resolutions=(1, 1, 1)
)
