from generative.networks.nets import DiffusionModelUNet

# a latent diffusion UNet on 3 latent channels, conditioned through cross attention on 64-d tokens
model = DiffusionModelUNet(
    spatial_dims=2,
    in_channels=3,
    out_channels=3,
    num_res_blocks=(1, 1, 2),
    num_channels=(32, 64, 96),
    attention_levels=(False, True, True),
    norm_num_groups=16,
    num_head_channels=(0, 16, 32),
    with_conditioning=True,
    cross_attention_dim=64,
    transformer_num_layers=1,
    resblock_updown=True,
)
