"""segment_anything: image_encoder_config (wild-code corpus, benchmarks/wild)."""

from segment_anything.modeling import ImageEncoderViT

config = dict(
    img_size=64,
    patch_size=16,
    embed_dim=64,
    depth=2,
    num_heads=4,
    out_chans=32,
)
model = ImageEncoderViT(**config)
