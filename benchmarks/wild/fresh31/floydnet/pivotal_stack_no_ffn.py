"""Three post-norm pivotal blocks without FFN and with bias, stacked, then a Linear head."""

import torch.nn as nn
from floydnet import PivotalAttentionBlock

blocks = [
    PivotalAttentionBlock(
        embed_dim=24, num_heads=3, bias=True, norm_position="post", enable_ffn=False
    )
    for _ in range(3)
]
model = nn.Sequential(*blocks, nn.Linear(24, 5))
