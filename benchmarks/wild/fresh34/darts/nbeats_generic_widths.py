from darts.models.forecasting.nbeats import _NBEATSModule

# N-BEATS generic: 3 stacks x 2 blocks, widths per stack
model = _NBEATSModule(
    input_dim=1,
    output_dim=1,
    nr_params=1,
    generic_architecture=True,
    num_stacks=3,
    num_blocks=2,
    num_layers=3,
    layer_widths=[64, 64, 32],
    expansion_coefficient_dim=5,
    trend_polynomial_degree=2,
    batch_norm=False,
    dropout=0.0,
    activation="ReLU",
    input_chunk_length=24,
    output_chunk_length=12,
)
