"""vit_pytorch: cct_cct_config (wild-code corpus, benchmarks/wild)."""

from vit_pytorch.cct import CCT

config = dict(
    img_size=32,
    embedding_dim=64,
    n_conv_layers=1,
    kernel_size=3,
    stride=1,
    padding=1,
    num_layers=2,
    num_heads=4,
    mlp_ratio=2.0,
    num_classes=10,
)
model = CCT(**config)
