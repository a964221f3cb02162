"""A temporal convolutional network (Bai et al.): residual TemporalBlocks with weight-normalised causal
convs (torch.nn.utils.parametrizations.weight_norm), a 1x1 downsample only where widths change."""

import torch.nn as nn
from torch.nn.utils.parametrizations import weight_norm


class TemporalBlock(nn.Module):
    def __init__(self, n_in, n_out, kernel, dilation, dropout=0.2):
        super().__init__()
        pad = (kernel - 1) * dilation
        self.conv1 = weight_norm(nn.Conv1d(n_in, n_out, kernel, padding=pad, dilation=dilation))
        self.conv2 = weight_norm(nn.Conv1d(n_out, n_out, kernel, padding=pad, dilation=dilation))
        self.dropout = nn.Dropout(dropout)
        self.downsample = nn.Conv1d(n_in, n_out, 1) if n_in != n_out else None


class TCN(nn.Module):
    def __init__(self, num_inputs, num_channels, kernel_size=2, num_classes=5):
        super().__init__()
        layers = []
        for i, out in enumerate(num_channels):
            inp = num_inputs if i == 0 else num_channels[i - 1]
            layers.append(TemporalBlock(inp, out, kernel_size, dilation=2**i))
        self.network = nn.Sequential(*layers)
        self.linear = nn.Linear(num_channels[-1], num_classes)


model = TCN(num_inputs=3, num_channels=[16, 16, 24, 24], kernel_size=3, num_classes=5)
