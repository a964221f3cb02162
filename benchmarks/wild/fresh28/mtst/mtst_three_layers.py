"""MTST with resolutions (1, 3, 6), three layers, absolute positions and a (12, 2) output grid."""

from mtst import MTSTForecaster

model = MTSTForecaster(
    input_dim=3,
    output_shape=(12, 2),
    embed_dim=24,
    heads=3,
    n_layers=3,
    resolutions=(1, 3, 6),
    max_len=256,
    positional_encoding="absolute",
)
