"""vit_pytorch: cross_vit_crossvit (wild-code corpus, benchmarks/wild)."""

from vit_pytorch.cross_vit import CrossViT

model = CrossViT(
    image_size=32,
    num_classes=10,
    sm_dim=32,
    lg_dim=64,
    sm_patch_size=8,
    lg_patch_size=16,
    sm_enc_mlp_dim=64,
    lg_enc_mlp_dim=128,
    lg_enc_depth=1,
    depth=1,
)
