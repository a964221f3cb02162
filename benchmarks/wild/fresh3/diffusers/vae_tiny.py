from diffusers import AutoencoderKL

model = AutoencoderKL(
    in_channels=3,
    out_channels=3,
    down_block_types=("DownEncoderBlock2D", "DownEncoderBlock2D"),
    up_block_types=("UpDecoderBlock2D", "UpDecoderBlock2D"),
    block_out_channels=(32, 64),
    latent_channels=4,
    norm_num_groups=16,
    layers_per_block=1,
)
