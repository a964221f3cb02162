"""vit_pytorch: mobile_vit_mobilevit (wild-code corpus, benchmarks/wild)."""

from vit_pytorch.mobile_vit import MobileViT

model = MobileViT(
    image_size=(64, 64),
    dims=[32, 40, 48],
    channels=[8, 8, 16, 16, 24, 24, 32, 32, 40, 40, 96],
    num_classes=10,
)
