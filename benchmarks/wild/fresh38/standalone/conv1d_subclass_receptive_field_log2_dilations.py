# user repo: a dilated Conv1d subclass; the number of layers comes from the receptive field via log2
import math

import numpy as np
import torch.nn as nn


class DilatedConv1d(nn.Conv1d):
    def __init__(self, channels, dilation, kernel_size=3):
        super().__init__(
            channels,
            channels,
            kernel_size,
            dilation=dilation,
            padding=dilation * (kernel_size - 1) // 2,
        )


receptive_field = 1024
n_layers = int(math.log2(receptive_field // 2))
dilations = np.power(2, np.arange(n_layers))
model = nn.Sequential(
    nn.Conv1d(1, 32, 1),
    *[DilatedConv1d(32, int(d)) for d in dilations],
    nn.Conv1d(32, 1, 1),
)
