"""vit_pytorch: pit_pit (wild-code corpus, benchmarks/wild)."""

from vit_pytorch.pit import PiT

model = PiT(
    image_size=32,
    patch_size=4,
    num_classes=10,
    dim=32,
    depth=(1, 1, 1),
    heads=2,
    mlp_dim=64,
)
