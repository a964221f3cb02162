"""MedSegDiff for grayscale CT slices with 4 organ masks, self-conditioning, from a dict."""

from med_seg_diff_pytorch import MedSegDiff, Unet

UNET = dict(
    dim=48,
    image_size=128,
    mask_channels=4,
    input_img_channels=1,
    dim_mults=(1, 2, 4),
    full_self_attn=(False, False, True),
    self_condition=True,
    mid_transformer_depth=2,
)

model = MedSegDiff(Unet(**UNET), timesteps=500, objective="pred_x0")
