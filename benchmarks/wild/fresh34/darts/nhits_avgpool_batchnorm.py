from darts.models.forecasting.nhits import _NHiTSModule

model = _NHiTSModule(
    input_dim=1,
    output_dim=1,
    nr_params=3,
    num_stacks=2,
    num_blocks=2,
    num_layers=3,
    layer_widths=[32, 32],
    pooling_kernel_sizes=((3, 3), (1, 1)),
    n_freq_downsample=((4, 4), (1, 1)),
    batch_norm=True,
    dropout=0.05,
    activation="GELU",
    MaxPool1d=False,
    input_chunk_length=30,
    output_chunk_length=8,
)
