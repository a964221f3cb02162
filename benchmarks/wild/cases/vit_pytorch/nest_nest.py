"""vit_pytorch: nest_nest (wild-code corpus, benchmarks/wild)."""

from vit_pytorch.nest import NesT

model = NesT(
    image_size=32,
    patch_size=4,
    num_classes=10,
    dim=32,
    heads=2,
    num_hierarchies=2,
    block_repeats=(1, 1),
)
