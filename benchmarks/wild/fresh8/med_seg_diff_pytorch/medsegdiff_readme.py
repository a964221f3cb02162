"""MedSegDiff: a conditioned U-Net for 1-channel masks of 3-channel images, 1000 diffusion steps."""

from med_seg_diff_pytorch import MedSegDiff, Unet

unet = Unet(dim=32, image_size=64, mask_channels=1, input_img_channels=3, dim_mults=(1, 2, 4, 8))

model = MedSegDiff(unet, timesteps=1000)
