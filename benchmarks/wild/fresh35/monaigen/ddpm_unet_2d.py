from generative.networks.nets import DiffusionModelUNet

model = DiffusionModelUNet(
    spatial_dims=2,
    in_channels=1,
    out_channels=1,
    num_res_blocks=1,
    num_channels=(32, 64, 64),
    attention_levels=(False, True, True),
    norm_num_groups=32,
    num_head_channels=16,
)
