from tsfm_public.models.tinytimemixer import TinyTimeMixerConfig, TinyTimeMixerForPrediction

cfg = TinyTimeMixerConfig(
    context_length=128,
    patch_length=16,
    patch_stride=16,
    num_input_channels=5,
    prediction_length=24,
    prediction_channel_indices=[0, 1],
    exogenous_channel_indices=[3, 4],
    d_model=32,
    num_layers=2,
    decoder_num_layers=2,
    decoder_d_model=16,
    decoder_mode="mix_channel",
    enable_forecast_channel_mixing=True,
    fcm_context_length=1,
    fcm_use_mixer=True,
    self_attn=True,
    self_attn_heads=2,
)
model = TinyTimeMixerForPrediction(cfg)
