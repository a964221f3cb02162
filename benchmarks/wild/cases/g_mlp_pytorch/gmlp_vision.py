"""g_mlp_pytorch: gmlp_vision (wild-code corpus, benchmarks/wild)."""

from g_mlp_pytorch import gMLPVision

model = gMLPVision(
    image_size=32,
    patch_size=8,
    num_classes=10,
    dim=64,
    depth=2,
)
