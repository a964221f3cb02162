"""Two Jet coupling blocks (jet-pytorch) used directly, as a hand-rolled two-step flow."""

import torch.nn as nn
from jet_pytorch.jet import Coupling

model = nn.ModuleList(
    [
        Coupling(patch_dim=8, depth=1, n_patches=16, width=16, num_heads=2, scale_factor=2.0)
        for _ in range(2)
    ]
)
