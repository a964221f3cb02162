"""torchvision: vit_class (wild-code corpus, benchmarks/wild)."""

from torchvision.models import VisionTransformer

model = VisionTransformer(
    image_size=32,
    patch_size=8,
    num_layers=2,
    num_heads=2,
    hidden_dim=32,
    mlp_dim=64,
    num_classes=10,
)
