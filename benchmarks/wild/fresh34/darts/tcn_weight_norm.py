from darts.models.forecasting.tcn_model import _TCNModule

model = _TCNModule(
    input_size=4,
    kernel_size=3,
    num_filters=16,
    num_layers=None,
    dilation_base=2,
    weight_norm=True,
    target_size=2,
    nr_params=1,
    target_length=8,
    dropout=0.1,
    input_chunk_length=32,
    output_chunk_length=8,
)
