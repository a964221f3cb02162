"""Recurrent Interface Network (rin-pytorch) diffusion model, small CIFAR-sized."""

from rin_pytorch import RIN, GaussianDiffusion

rin = RIN(
    dim=64,
    image_size=32,
    patch_size=4,
    depth=2,
    num_latents=32,
    dim_latent=128,
    latent_self_attn_depth=1,
)
model = GaussianDiffusion(rin, timesteps=200, objective="eps")
