"""Two PointMLP encoder stages (geometric affine grouping, residual point MLPs) in a Sequential."""

import torch.nn as nn
from torch_pointcloud.models.pointmlp import PointMLPEncoderBlock

model = nn.ModuleList(
    [
        PointMLPEncoderBlock(
            in_channels=16, out_channels=32, k=12, num_pre_blocks=1, num_pos_blocks=1
        ),
        PointMLPEncoderBlock(in_channels=32, out_channels=64, k=12, res_expansion=0.5),
    ]
)
