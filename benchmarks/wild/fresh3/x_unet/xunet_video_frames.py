from x_unet import XUnet

# 3d (video) unet: frame kernel size > 1
model = XUnet(
    dim=24,
    frame_kernel_size=3,
    channels=3,
    dim_mults=(1, 2, 4),
    num_blocks_per_stage=(1, 1, 1),
    num_self_attn_per_stage=(0, 0, 1),
    nested_unet_depths=(0, 0, 0),
    attn_heads=2,
    attn_dim_head=32,
)
