"""Two pivotal blocks with gelu and rmsnorm and no symmetric mix, in a ModuleList."""

import torch.nn as nn
from floydnet import PivotalAttentionBlock

model = nn.ModuleList(
    [
        PivotalAttentionBlock(
            embed_dim=16,
            num_heads=2,
            ffn_expansion_ratio=3,
            activation_fn="gelu",
            norm_fn="rmsnorm",
            enable_symmetric_mix=False,
        ),
        PivotalAttentionBlock(embed_dim=16, num_heads=4, ffn_expansion_ratio=1),
    ]
)
