"""monai: unetr (wild-code corpus, benchmarks/wild)."""

from monai.networks.nets import UNETR

model = UNETR(
    in_channels=1,
    out_channels=2,
    img_size=(32, 32, 32),
    feature_size=8,
    hidden_size=96,
    mlp_dim=192,
    num_heads=4,
)
