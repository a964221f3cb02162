"""diffusers: the tiny autoencoder (TAESD) with reduced widths (fresh batch, benchmarks/wild/fresh)."""

from diffusers import AutoencoderTiny

vae_kwargs = dict(
    in_channels=3,
    out_channels=3,
    encoder_block_out_channels=(32, 32, 32, 32),
    decoder_block_out_channels=(32, 32, 32, 32),
    num_encoder_blocks=(1, 2, 2, 2),
    num_decoder_blocks=(2, 2, 2, 1),
    latent_channels=4,
)
model = AutoencoderTiny(**vae_kwargs)
