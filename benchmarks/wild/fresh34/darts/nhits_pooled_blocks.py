from darts.models.forecasting.nhits import _NHiTSModule

model = _NHiTSModule(
    input_dim=3,
    output_dim=2,
    nr_params=1,
    num_stacks=3,
    num_blocks=1,
    num_layers=2,
    layer_widths=[128, 64, 32],
    pooling_kernel_sizes=((4,), (2,), (1,)),
    n_freq_downsample=((6,), (3,), (1,)),
    batch_norm=False,
    dropout=0.0,
    activation="ReLU",
    MaxPool1d=True,
    input_chunk_length=36,
    output_chunk_length=12,
)
