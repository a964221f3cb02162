"""VN-Transformer over coordinates plus per-point features, translation-equivariant."""

from VN_transformer import VNTransformer

model = VNTransformer(
    dim=64,
    depth=3,
    dim_head=32,
    heads=4,
    dim_feat=16,
    bias_epsilon=1e-6,
    translation_equivariance=True,
)
