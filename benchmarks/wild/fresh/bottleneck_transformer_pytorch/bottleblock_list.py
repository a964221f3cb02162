"""bottleneck_transformer_pytorch: BottleBlocks stacked by a helper with per-block arguments (fresh batch, benchmarks/wild/fresh)."""

import torch.nn as nn
from bottleneck_transformer_pytorch.bottleneck_transformer_pytorch import BottleBlock


def make_blocks(dim, dim_out, fmap_size, n, heads=2):
    blocks = []
    for i in range(n):
        first = i == 0
        blocks.append(
            BottleBlock(
                dim=dim if first else dim_out,
                fmap_size=fmap_size if first else fmap_size // 2,
                dim_out=dim_out,
                proj_factor=2,
                downsample=first,
                heads=heads,
                dim_head=16,
                rel_pos_emb=False,
            )
        )
    return nn.Sequential(*blocks)


model = make_blocks(32, 64, fmap_size=8, n=3)
