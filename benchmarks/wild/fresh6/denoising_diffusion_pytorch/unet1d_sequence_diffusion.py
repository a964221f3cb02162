"""1-D diffusion over sequences (Unet1D + GaussianDiffusion1D), learned variance, self-conditioning."""

from denoising_diffusion_pytorch import GaussianDiffusion1D, Unet1D

net = Unet1D(dim=16, dim_mults=(1, 2, 4), channels=2, self_condition=True, learned_variance=False)
model = GaussianDiffusion1D(net, seq_length=64, timesteps=200, objective="pred_v")
