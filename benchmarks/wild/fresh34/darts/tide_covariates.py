from darts.models.forecasting.tide_model import _TideModule

model = _TideModule(
    input_dim=5,
    output_dim=2,
    future_cov_dim=2,
    static_cov_dim=1,
    nr_params=1,
    num_encoder_layers=2,
    num_decoder_layers=1,
    decoder_output_dim=8,
    hidden_size=64,
    temporal_decoder_hidden=16,
    temporal_width_past=4,
    temporal_width_future=3,
    use_layer_norm=True,
    dropout=0.1,
    temporal_hidden_size_past=8,
    temporal_hidden_size_future=6,
    input_chunk_length=20,
    output_chunk_length=6,
)
