from x_unet import XUnet

model = XUnet(
    dim=16,
    out_dim=1,
    channels=1,
    dim_mults=(1, 2, 4, 8),
    num_blocks_per_stage=(1, 1, 2, 2),
    num_self_attn_per_stage=(0, 0, 0, 1),
    nested_unet_depths=(3, 2, 1, 0),
    nested_unet_dim=16,
    use_convnext=True,
    weight_standardize=True,
)
