from make_a_video_pytorch import SpaceTimeUnet

model = SpaceTimeUnet(
    dim=32,
    channels=3,
    dim_mult=(1, 2, 4, 8),
    resnet_block_depths=(1, 1, 1, 2),
    temporal_compression=(False, False, False, True),
    self_attns=(False, False, False, True),
    condition_on_timestep=False,
    attn_heads=4,
    attn_dim_head=32,
)
