"""Zorro sized from argparse defaults, rectangular audio patches and grayscale video."""

import argparse

from zorro_pytorch import Zorro

p = argparse.ArgumentParser()
p.add_argument("--dim", type=int, default=32)
p.add_argument("--depth", type=int, default=3)
p.add_argument("--heads", type=int, default=4)
p.add_argument("--fusion-tokens", type=int, default=6)
p.add_argument("--video-channels", type=int, default=1)
args = p.parse_args([])

model = Zorro(
    dim=args.dim,
    depth=args.depth,
    heads=args.heads,
    dim_head=args.dim // args.heads,
    num_fusion_tokens=args.fusion_tokens,
    audio_patch_size=(8, 16),
    video_patch_size=8,
    video_channels=args.video_channels,
)
