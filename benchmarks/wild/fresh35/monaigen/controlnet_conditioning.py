from generative.networks.nets import ControlNet

model = ControlNet(
    spatial_dims=2,
    in_channels=1,
    num_res_blocks=1,
    num_channels=(32, 64, 64),
    attention_levels=(False, False, True),
    norm_num_groups=32,
    num_head_channels=32,
    conditioning_embedding_in_channels=1,
    conditioning_embedding_num_channels=(16, 32),
)
