"""Text-conditioned audio diffusion with classifier-free guidance: the text embedding comes from
outside (its features are given), cross-attention in the two deepest levels."""

from audio_diffusion_pytorch import DiffusionModel, UNetV0, VDiffusion, VSampler

unet_cfg = dict(
    in_channels=1,
    channels=[16, 32, 64],
    factors=[1, 4, 4],
    items=[1, 1, 2],
    attentions=[0, 1, 1],
    cross_attentions=[0, 1, 1],
    attention_heads=4,
    attention_features=32,
    use_embedding_cfg=True,
    embedding_max_length=16,
    embedding_features=48,
)
model = DiffusionModel(net_t=UNetV0, diffusion_t=VDiffusion, sampler_t=VSampler, **unet_cfg)
