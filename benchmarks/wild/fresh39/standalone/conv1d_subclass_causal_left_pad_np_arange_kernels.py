# causal Conv1d subclass (left padding) in a user's audio repo; kernel sizes from np.arange
import numpy as np
import torch.nn as nn
import torch.nn.functional as F


class CausalConv1d(nn.Conv1d):
    def __init__(self, cin, cout, kernel_size, dilation=1):
        super().__init__(cin, cout, kernel_size, dilation=dilation, padding=0)
        self.left = (kernel_size - 1) * dilation

    def forward(self, x):
        return super().forward(F.pad(x, (self.left, 0)))


kernels = np.arange(3, 12, 2)  # 3, 5, 7, 9, 11
channels = 64
layers = [CausalConv1d(1, channels, 7)]
for k in kernels:
    layers += [CausalConv1d(channels, channels, int(k), dilation=2), nn.GELU()]
layers.append(nn.Conv1d(channels, 256, 1))
model = nn.Sequential(*layers)
