from x_unet import XUnet

model = XUnet(
    dim=32,
    channels=3,
    dim_mults=(1, 2, 4),
    num_blocks_per_stage=(2, 2, 2),
    num_self_attn_per_stage=(0, 0, 1),
    nested_unet_depths=(0, 0, 0),
    attn_heads=4,
    attn_dim_head=16,
)
