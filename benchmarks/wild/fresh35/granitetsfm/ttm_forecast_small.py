from tsfm_public.models.tinytimemixer import TinyTimeMixerConfig, TinyTimeMixerForPrediction

config = TinyTimeMixerConfig(
    context_length=512,
    patch_length=64,
    patch_stride=64,
    num_input_channels=3,
    prediction_length=96,
    d_model=64,
    num_layers=3,
    expansion_factor=2,
    decoder_num_layers=2,
    decoder_d_model=32,
    adaptive_patching_levels=0,
    dropout=0.1,
)
model = TinyTimeMixerForPrediction(config)
