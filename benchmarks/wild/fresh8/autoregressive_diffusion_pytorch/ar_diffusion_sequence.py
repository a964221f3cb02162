"""Autoregressive diffusion over a sequence of continuous tokens (MAR-style), small sizes."""

from autoregressive_diffusion_pytorch import AutoregressiveDiffusion

model = AutoregressiveDiffusion(
    dim=256, max_seq_len=64, depth=4, dim_head=32, heads=8, mlp_depth=2, mlp_width=512
)
