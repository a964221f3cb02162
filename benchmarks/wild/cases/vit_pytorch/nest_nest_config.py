"""vit_pytorch: nest_nest_config (wild-code corpus, benchmarks/wild)."""

from vit_pytorch.nest import NesT

config = dict(
    image_size=32,
    patch_size=4,
    num_classes=10,
    dim=32,
    heads=2,
    num_hierarchies=2,
    block_repeats=(1, 1),
)
model = NesT(**config)
