from torchtsmixer import TSMixer

model = TSMixer(
    sequence_length=96,
    prediction_length=24,
    input_channels=7,
    output_channels=7,
    num_blocks=4,
    ff_dim=32,
    dropout_rate=0.1,
    norm_type="batch",
)
