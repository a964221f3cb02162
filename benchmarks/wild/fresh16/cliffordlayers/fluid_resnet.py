"""Clifford ResNet for 2D Navier-Stokes (scalar + vector field as multivectors), cliffordlayers."""

import torch.nn.functional as F
from cliffordlayers.models.models_2d import CliffordBasicBlock2d, CliffordNet2d

TIME_HISTORY = 4
TIME_FUTURE = 1

model = CliffordNet2d(
    g=[1, 1],
    block=CliffordBasicBlock2d,
    num_blocks=[2, 2, 2, 2],
    in_channels=TIME_HISTORY,
    out_channels=TIME_FUTURE,
    hidden_channels=16,
    activation=F.gelu,
    norm=False,
    rotation=False,
)
