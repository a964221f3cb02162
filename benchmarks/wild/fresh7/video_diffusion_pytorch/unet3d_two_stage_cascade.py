import torch.nn as nn
from video_diffusion_pytorch import GaussianDiffusion, Unet3D

stages = {
    "base": dict(dim=32, dim_mults=(1, 2, 4), size=16, frames=8),
    "upsampler": dict(dim=16, dim_mults=(1, 2, 4, 8), size=64, frames=8),
}
cascade = nn.ModuleDict()
for name, s in stages.items():
    net = Unet3D(dim=s["dim"], dim_mults=s["dim_mults"], channels=3)
    cascade[name] = GaussianDiffusion(
        net, image_size=s["size"], num_frames=s["frames"], timesteps=100
    )
model = cascade
