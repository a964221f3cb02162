from torchtsmixer import TSMixerExt

model = TSMixerExt(
    sequence_length=48,
    prediction_length=12,
    input_channels=3,
    extra_channels=5,
    hidden_channels=32,
    static_channels=2,
    output_channels=1,
    num_blocks=2,
    ff_dim=16,
    norm_type="layer",
)
