"""A Point Transformer block followed by a transition-down layer."""

import torch.nn as nn
from torch_pointcloud.models.point_transformer import (
    PointTransformerBlock,
    PointTransformerTransitionDown,
)


class Stage(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.block = PointTransformerBlock(in_channels=c, out_channels=c, num_groups=4)
        self.down = PointTransformerTransitionDown(
            in_channels=c, out_channels=2 * c, num_neighbors=8
        )


model = Stage(c=32)
