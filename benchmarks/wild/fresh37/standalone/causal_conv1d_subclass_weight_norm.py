# WaveNet-ish causal Conv1d subclass wrapped in the weight_norm parametrization
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.utils.parametrizations import weight_norm


class CausalConv1d(nn.Conv1d):
    def __init__(self, in_ch, out_ch, kernel_size, dilation=1):
        super().__init__(in_ch, out_ch, kernel_size, dilation=dilation, padding=0)
        self.left = (kernel_size - 1) * dilation

    def forward(self, x):
        return super().forward(F.pad(x, (self.left, 0)))


channels, kernel = 48, 3
layers = []
for i in range(6):
    layers.append(
        weight_norm(CausalConv1d(1 if i == 0 else channels, channels, kernel, dilation=2**i))
    )
    layers.append(nn.GELU())
model = nn.Sequential(*layers, nn.Conv1d(channels, 256, 1))
