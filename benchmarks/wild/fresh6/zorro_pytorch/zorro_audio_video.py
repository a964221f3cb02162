"""Zorro: audio-visual masked fusion transformer (spectrogram and video patch tokens)."""

from zorro_pytorch import Zorro

model = Zorro(
    dim=64,
    depth=2,
    dim_head=16,
    heads=4,
    ff_mult=2,
    num_fusion_tokens=8,
    audio_patch_size=16,
    video_patch_size=16,
    video_temporal_patch_size=2,
)
