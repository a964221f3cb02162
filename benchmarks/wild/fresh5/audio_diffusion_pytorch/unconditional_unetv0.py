from audio_diffusion_pytorch import DiffusionModel, UNetV0, VDiffusion, VSampler

model = DiffusionModel(
    net_t=UNetV0,
    in_channels=2,
    channels=[8, 16, 32, 64],
    factors=[1, 4, 4, 4],
    items=[1, 2, 2, 2],
    attentions=[0, 0, 1, 1],
    attention_heads=4,
    attention_features=16,
    diffusion_t=VDiffusion,
    sampler_t=VSampler,
)
