# a 3D head built straight from ACSConv / SoftACSConv operators
import torch.nn as nn
from acsconv.operators import ACSConv, SoftACSConv

model = nn.Sequential(
    ACSConv(1, 12, kernel_size=3, padding=1),
    nn.BatchNorm3d(12),
    nn.ReLU(),
    SoftACSConv(12, 24, kernel_size=3, padding=1, bias=False),
    nn.BatchNorm3d(24),
    nn.ReLU(),
    nn.AdaptiveAvgPool3d(1),
    nn.Flatten(),
    nn.Linear(24, 2),
)
