"""A diffusion autoencoder: audio_encoders_pytorch's 1-D encoder compresses, the diffusion U-Net
decodes conditioned on the latent injected at one depth."""

from audio_diffusion_pytorch import DiffusionAE, UNetV0, VDiffusion, VSampler
from audio_encoders_pytorch import Encoder1d

encoder = Encoder1d(in_channels=2, channels=16, multipliers=[1, 2, 4], factors=[2, 2], num_blocks=[1, 1], out_channels=8)
model = DiffusionAE(
    net_t=UNetV0,
    dim=1,
    in_channels=2,
    channels=[16, 32, 64, 64],
    factors=[1, 2, 2, 2],
    items=[1, 1, 1, 1],
    encoder=encoder,
    inject_depth=2,
    diffusion_t=VDiffusion,
    sampler_t=VSampler,
)
