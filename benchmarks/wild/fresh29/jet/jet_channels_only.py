"""A Jet flow (jet-pytorch) with channel couplings only and 3 coupling layers (not a multiple of the type list)."""

from jet_pytorch import Jet

model = Jet(
    patch_size=2,
    patch_dim=12,
    n_patches=64,
    img_dims=(16, 16),
    coupling_layers=3,
    block_depth=2,
    block_width=24,
    num_heads=2,
    coupling_types=("channels",),
)
