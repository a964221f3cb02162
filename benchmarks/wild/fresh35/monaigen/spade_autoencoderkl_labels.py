from generative.networks.nets import SPADEAutoencoderKL

# the decoder's normalisations are modulated by a 6-class label map (SPADE)
model = SPADEAutoencoderKL(
    spatial_dims=2,
    label_nc=6,
    in_channels=1,
    out_channels=1,
    num_res_blocks=(1, 1),
    num_channels=(32, 64),
    attention_levels=(False, False),
    latent_channels=3,
    norm_num_groups=16,
    with_encoder_nonlocal_attn=False,
    with_decoder_nonlocal_attn=False,
    spade_intermediate_channels=32,
)
