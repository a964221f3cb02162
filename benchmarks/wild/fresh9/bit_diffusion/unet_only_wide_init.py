# just the denoiser, wider stem than dim, as a user plugs it into an own sampler
from bit_diffusion.bit_diffusion import Unet

model = Unet(dim=48, init_dim=64, dim_mults=(1, 2, 3), channels=3, learned_sinusoidal_dim=32)
