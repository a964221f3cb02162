"""A user video encoder built from the library's factorized space-time layers."""

import torch.nn as nn
from make_a_video_pytorch import PseudoConv3d, SpatioTemporalAttention


class VideoEncoder(nn.Module):
    def __init__(self, in_ch=3, widths=(32, 64, 128), num_classes=10):
        super().__init__()
        layers = []
        prev = in_ch
        for w in widths:
            layers.append(PseudoConv3d(dim=prev, dim_out=w, kernel_size=3))
            layers.append(SpatioTemporalAttention(dim=w, dim_head=16, heads=4))
            prev = w
        self.layers = nn.ModuleList(layers)
        self.head = nn.Linear(prev, num_classes)


model = VideoEncoder()
