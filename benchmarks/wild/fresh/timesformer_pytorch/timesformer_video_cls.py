"""timesformer_pytorch: a video classifier with the README's arguments, scaled down (fresh batch, benchmarks/wild/fresh)."""

from timesformer_pytorch import TimeSformer

model = TimeSformer(
    dim=128,
    image_size=64,
    patch_size=16,
    num_frames=4,
    num_classes=5,
    depth=3,
    heads=4,
    dim_head=32,
    attn_dropout=0.1,
    ff_dropout=0.1,
)
