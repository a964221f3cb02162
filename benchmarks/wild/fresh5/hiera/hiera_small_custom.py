"""A shrunk Hiera for 64x64 images, every size spelled out."""

from hiera import Hiera

model = Hiera(
    input_size=(64, 64),
    in_chans=3,
    embed_dim=32,
    num_heads=1,
    num_classes=100,
    stages=(1, 1, 2, 1),
    q_pool=2,
    q_stride=(2, 2),
    mask_unit_size=(4, 4),
    mask_unit_attn=(True, True, False, False),
    patch_kernel=(3, 3),
    patch_stride=(2, 2),
    patch_padding=(1, 1),
    mlp_ratio=2.0,
    sep_pos_embed=False,
)
