"""The TiDE dense encoder-decoder with future covariates, 36 steps in and 12 out."""

from pytorch_forecasting.models.tide.sub_modules import _TideModule

model = _TideModule(
    output_dim=1,
    future_cov_dim=2,
    static_cov_dim=3,
    output_chunk_length=12,
    input_chunk_length=36,
    num_encoder_layers=2,
    num_decoder_layers=2,
    decoder_output_dim=8,
    hidden_size=32,
    temporal_decoder_hidden=16,
    temporal_width_future=4,
    use_layer_norm=True,
    dropout=0.1,
    temporal_hidden_size_future=8,
)
