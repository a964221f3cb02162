import argparse

from video_diffusion_pytorch import GaussianDiffusion, Unet3D

p = argparse.ArgumentParser()
p.add_argument("--dim", type=int, default=24)
p.add_argument("--mults", type=str, default="1,2,4,8")
p.add_argument("--init-dim", type=int, default=16)
p.add_argument("--kernel", type=int, default=5)
p.add_argument("--frames", type=int, default=10)
p.add_argument("--size", type=int, default=64)
args = p.parse_args([])

denoiser = Unet3D(
    dim=args.dim,
    dim_mults=tuple(int(m) for m in args.mults.split(",")),
    init_dim=args.init_dim,
    init_kernel_size=args.kernel,
    attn_heads=2,
)
model = GaussianDiffusion(denoiser, image_size=args.size, num_frames=args.frames, channels=3)
