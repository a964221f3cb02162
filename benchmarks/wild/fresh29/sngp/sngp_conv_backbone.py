"""An SNGP head (sngp) over a conv backbone with spectral norm on its convs."""

import torch.nn as nn
from sngp import SNGP
from torch.nn.utils.parametrizations import spectral_norm

backbone = nn.Sequential(
    spectral_norm(nn.Conv2d(1, 8, 3, padding=1)),
    nn.ReLU(),
    spectral_norm(nn.Conv2d(8, 8, 3, padding=1)),
    nn.AdaptiveAvgPool2d(1),
    nn.Flatten(),
)
model = SNGP(
    out_features=10, backbone=backbone, backbone_output_features=8, num_inducing=64, momentum=0.9
)
