"""Swin-T shrunk for 32x32 CIFAR: window 4, patch 2, four stages."""

from swin_transformer_pytorch import swin_t

model = swin_t(
    hidden_dim=48,
    layers=(2, 2, 2, 2),
    heads=(2, 4, 8, 16),
    channels=3,
    num_classes=10,
    head_dim=16,
    window_size=4,
    downscaling_factors=(2, 2, 2, 1),
)
