from darts.models.forecasting.tcn_model import _TCNModule

# an explicit depth instead of the receptive-field rule; no weight norm
model = _TCNModule(
    input_size=1,
    kernel_size=5,
    num_filters=8,
    num_layers=4,
    dilation_base=3,
    weight_norm=False,
    target_size=1,
    nr_params=2,
    target_length=6,
    dropout=0.0,
    input_chunk_length=40,
    output_chunk_length=6,
)
