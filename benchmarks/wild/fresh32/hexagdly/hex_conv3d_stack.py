import pytorch_hexagdly as hex
import torch.nn as nn

model = nn.Sequential(
    hex.Conv3d(1, 4, kernel_size=1, stride=1),
    nn.ReLU(),
    hex.Conv3d(4, 6, kernel_size=2, stride=1, bias=False),
    nn.ReLU(),
    hex.Conv2d(6, 2, kernel_size=0),
)
