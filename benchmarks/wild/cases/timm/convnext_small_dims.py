"""timm: convnext_small_dims (wild-code corpus, benchmarks/wild)."""

from timm.models.convnext import ConvNeXt

model = ConvNeXt(
    depths=(1, 1, 2, 1),
    dims=(16, 32, 64, 128),
    num_classes=10,
)
