from nanocodec_torch.models.audio_codec import AudioCodecModel

model = AudioCodecModel(
    sample_rate=16000,
    encoder_config={
        "down_sample_rates": [2, 4, 5],
        "encoded_dim": 8,
        "base_channels": 12,
        "activation": "lrelu",
        "pad_mode": "replicate",
    },
    decoder_config={
        "up_sample_rates": [5, 4, 2],
        "input_dim": 8,
        "base_channels": 64,
        "activation": "half_snake",
        "output_activation": "clamp",
        "pad_mode": "zeros",
        "n_groups_equal_to_out_channels": True,
    },
    quantizer_config={"num_groups": 2, "num_levels_per_group": [8, 5, 5, 5]},
)
