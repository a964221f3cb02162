"""x_transformers: vit_wrapper (wild-code corpus, benchmarks/wild)."""

from x_transformers import Encoder, ViTransformerWrapper

model = ViTransformerWrapper(
    image_size=32, patch_size=8, num_classes=10, attn_layers=Encoder(dim=64, depth=2, heads=4)
)
