"""A small Jet normalizing flow (jet-pytorch): 4 coupling layers, block width 32, 16 patches of dimension 48."""

from jet_pytorch import Jet

model = Jet(
    patch_size=4,
    patch_dim=48,
    n_patches=16,
    img_dims=(16, 16),
    coupling_layers=4,
    block_depth=1,
    block_width=32,
    num_heads=4,
)
