"""Frame averaging around a transformer over point coordinates, stochastic frames."""

import torch.nn as nn
from frame_averaging_pytorch import FrameAverage


class PointTransformer(nn.Module):
    def __init__(self, dim=128, depth=3):
        super().__init__()
        self.proj_in = nn.Linear(3, dim)
        layer = nn.TransformerEncoderLayer(dim, 4, dim * 2, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, depth, enable_nested_tensor=False)
        self.proj_out = nn.Linear(dim, 3)


model = FrameAverage(PointTransformer(), stochastic=True)
