from tsfm_public.models.tinytimemixer import TinyTimeMixerConfig, TinyTimeMixerForPrediction

# adaptive patching: the backbone's levels split patches finer (d_model shrinks per level)
model = TinyTimeMixerForPrediction(
    TinyTimeMixerConfig(
        context_length=256,
        patch_length=32,
        patch_stride=32,
        num_input_channels=1,
        prediction_length=48,
        d_model=96,
        num_layers=4,
        adaptive_patching_levels=2,
        decoder_num_layers=2,
        decoder_d_model=48,
        decoder_adaptive_patching_levels=0,
        resolution_prefix_tuning=False,
    )
)
