"""The MedSegDiff U-Net alone, concatenating condition feature maps in the decoder."""

from med_seg_diff_pytorch import Unet

model = Unet(
    dim=32,
    image_size=96,
    mask_channels=1,
    input_img_channels=3,
    dim_mults=(1, 2, 4, 4),
    skip_connect_condition_fmaps=True,
    attn_heads=2,
    attn_dim_head=16,
)
