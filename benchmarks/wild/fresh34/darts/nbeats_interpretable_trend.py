from darts.models.forecasting.nbeats import _NBEATSModule

# interpretable N-BEATS: a trend stack and a seasonality stack
model = _NBEATSModule(
    input_dim=2,
    output_dim=2,
    nr_params=1,
    generic_architecture=False,
    num_stacks=2,
    num_blocks=3,
    num_layers=2,
    layer_widths=[48, 48],
    expansion_coefficient_dim=4,
    trend_polynomial_degree=3,
    batch_norm=True,
    dropout=0.1,
    activation="LeakyReLU",
    input_chunk_length=30,
    output_chunk_length=10,
)
