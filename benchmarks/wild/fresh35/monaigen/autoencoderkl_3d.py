from generative.networks.nets import AutoencoderKL

model = AutoencoderKL(
    spatial_dims=3,
    in_channels=1,
    out_channels=1,
    num_channels=(16, 32, 32),
    latent_channels=4,
    num_res_blocks=1,
    norm_num_groups=16,
    attention_levels=(False, False, True),
    with_encoder_nonlocal_attn=False,
    with_decoder_nonlocal_attn=False,
)
