# one-channel digits, fewer resolutions, ddpm sampling
import argparse

from bit_diffusion import BitDiffusion, Unet

p = argparse.ArgumentParser()
p.add_argument("--dim", type=int, default=16)
p.add_argument("--image-size", type=int, default=28)
args = p.parse_args([])

model = BitDiffusion(
    Unet(dim=args.dim, channels=1, dim_mults=(1, 2), resnet_block_groups=4),
    image_size=args.image_size,
    timesteps=250,
)
