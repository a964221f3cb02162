"""EDM2's magnitude-preserving U-Net (KarrasUnet), class-conditional, small."""

from denoising_diffusion_pytorch import KarrasUnet

model = KarrasUnet(
    image_size=32,
    dim=32,
    dim_max=128,
    num_classes=10,
    channels=3,
    num_downsamples=2,
    num_blocks_per_stage=1,
    attn_res=(8,),
)
