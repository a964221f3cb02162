from audio_encoders_pytorch import AutoEncoder1d, VariationalBottleneck

model = AutoEncoder1d(
    in_channels=2,
    channels=16,
    multipliers=[1, 2, 4, 4],
    factors=[2, 2, 2],
    num_blocks=[1, 1, 2],
    patch_size=1,
    resnet_groups=4,
    bottleneck=VariationalBottleneck(channels=64),
    bottleneck_channels=64,
)
