"""TimeSformer-style divided space-time attention (self-attention-cv) for short clips."""

from self_attention_cv import Timesformer

cfg = dict(
    img_dim=32,
    frames=4,
    num_classes=6,
    in_channels=3,
    patch_dim=8,
    dim=64,
    blocks=2,
    heads=4,
    dim_linear_block=128,
)
model = Timesformer(**cfg)
