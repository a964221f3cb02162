"""RIN sizes picked from a YAML sweep file by name, then wrapped in the library's diffusion."""

import yaml
from rin_pytorch import RIN, GaussianDiffusion

SWEEP = """
xs: {dim: 32, patch_size: 8, depth: 1, num_latents: 8, dim_latent: 64}
s: {dim: 64, patch_size: 4, depth: 2, num_latents: 32, dim_latent: 96}
"""

cfg = yaml.safe_load(SWEEP)["xs"]
model = GaussianDiffusion(RIN(image_size=64, **cfg), timesteps=100, use_ddim=True)
