"""monai: unetr_config (wild-code corpus, benchmarks/wild)."""

from monai.networks.nets import UNETR

config = dict(
    in_channels=1,
    out_channels=2,
    img_size=(32, 32, 32),
    feature_size=8,
    hidden_size=96,
    mlp_dim=192,
    num_heads=4,
)
model = UNETR(**config)
