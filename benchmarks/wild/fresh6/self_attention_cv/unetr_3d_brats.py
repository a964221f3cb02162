"""UNETR for 3-D MRI segmentation (self-attention-cv), shrunk: 32^3 volume, 8^3 patches."""

from self_attention_cv import UNETR

model = UNETR(
    img_shape=(32, 32, 32),
    input_dim=4,
    output_dim=3,
    embed_dim=96,
    patch_size=8,
    num_heads=4,
    ext_layers=[3, 6, 9, 12],
    norm="batch",
    base_filters=8,
    dim_linear_block=192,
)
