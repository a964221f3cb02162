"""timm: convnext_small_dims_config (wild-code corpus, benchmarks/wild)."""

from timm.models.convnext import ConvNeXt

config = dict(
    depths=(1, 1, 2, 1),
    dims=(16, 32, 64, 128),
    num_classes=10,
)
model = ConvNeXt(**config)
