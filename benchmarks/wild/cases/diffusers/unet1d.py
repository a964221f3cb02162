"""diffusers: unet1d (wild-code corpus, benchmarks/wild)."""

from diffusers import UNet1DModel

model = UNet1DModel(
    sample_size=64,
    in_channels=2,
    out_channels=2,
    block_out_channels=(16, 32, 64),
    extra_in_channels=16,
    down_block_types=('DownBlock1DNoSkip', 'DownBlock1D', 'AttnDownBlock1D'),
    up_block_types=('AttnUpBlock1D', 'UpBlock1D', 'UpBlock1DNoSkip'),
    mid_block_type='UNetMidBlock1D',
)
