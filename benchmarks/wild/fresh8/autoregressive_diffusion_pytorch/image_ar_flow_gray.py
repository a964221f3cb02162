"""The flow-matching variant on grayscale 28x28 digits (patches of 7), sizes from argparse."""

import argparse

from autoregressive_diffusion_pytorch import ImageAutoregressiveFlow

p = argparse.ArgumentParser()
p.add_argument("--dim", type=int, default=192)
p.add_argument("--depth", type=int, default=3)
p.add_argument("--mlp-width", type=int, default=256)
args = p.parse_args([])

model = ImageAutoregressiveFlow(
    image_size=28,
    patch_size=7,
    channels=1,
    model=dict(
        dim=args.dim, depth=args.depth, dim_head=32, heads=4, mlp_depth=2, mlp_width=args.mlp_width
    ),
)
