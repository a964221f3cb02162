"""DDPM training object (denoising-diffusion-pytorch): GaussianDiffusion around its Unet, CIFAR-sized."""

from denoising_diffusion_pytorch import GaussianDiffusion, Unet

unet = Unet(dim=32, dim_mults=(1, 2, 4), channels=3, attn_heads=2, attn_dim_head=16)
model = GaussianDiffusion(unet, image_size=32, timesteps=100, sampling_timesteps=25)
