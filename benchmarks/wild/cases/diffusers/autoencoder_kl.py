"""diffusers: autoencoder_kl (wild-code corpus, benchmarks/wild)."""

from diffusers import AutoencoderKL

model = AutoencoderKL(
    in_channels=3,
    out_channels=3,
    down_block_types=('DownEncoderBlock2D', 'DownEncoderBlock2D'),
    up_block_types=('UpDecoderBlock2D', 'UpDecoderBlock2D'),
    block_out_channels=(16, 32),
    latent_channels=4,
    norm_num_groups=8,
    layers_per_block=1,
)
