"""WaveNet: dilated causal convolutions with gated units, residual and skip paths, local conditioning (fresh batch, benchmarks/wild/fresh)."""

import torch.nn as nn

hparams = {
    "layers": 12,
    "stacks": 2,
    "residual_channels": 64,
    "gate_channels": 128,
    "skip_out_channels": 64,
    "kernel_size": 3,
    "cin_channels": 80,
    "out_channels": 256,
}


class CausalConv1d(nn.Conv1d):
    def __init__(self, in_channels, out_channels, kernel_size, dilation=1, **kwargs):
        super().__init__(in_channels, out_channels, kernel_size, padding=(kernel_size - 1) * dilation,
                         dilation=dilation, **kwargs)


class ResidualConv1dGLU(nn.Module):
    def __init__(self, residual_channels, gate_channels, kernel_size, skip_out_channels=None, cin_channels=-1,
                 dilation=1, bias=True):
        super().__init__()
        if skip_out_channels is None:
            skip_out_channels = residual_channels
        self.conv = CausalConv1d(residual_channels, gate_channels, kernel_size, dilation=dilation, bias=bias)
        self.conv1x1c = nn.Conv1d(cin_channels, gate_channels, 1, bias=False) if cin_channels > 0 else None
        gate_out = gate_channels // 2
        self.conv1x1_out = nn.Conv1d(gate_out, residual_channels, 1, bias=bias)
        self.conv1x1_skip = nn.Conv1d(gate_out, skip_out_channels, 1, bias=bias)


class WaveNet(nn.Module):
    def __init__(self, out_channels=256, layers=20, stacks=2, residual_channels=512, gate_channels=512,
                 skip_out_channels=512, kernel_size=3, cin_channels=-1):
        super().__init__()
        assert layers % stacks == 0
        layers_per_stack = layers // stacks
        self.first_conv = nn.Conv1d(out_channels, residual_channels, 1)
        self.conv_layers = nn.ModuleList()
        for layer in range(layers):
            dilation = 2 ** (layer % layers_per_stack)
            self.conv_layers.append(
                ResidualConv1dGLU(residual_channels, gate_channels, kernel_size, skip_out_channels,
                                  cin_channels=cin_channels, dilation=dilation)
            )
        self.last_conv_layers = nn.ModuleList([
            nn.ReLU(inplace=True),
            nn.Conv1d(skip_out_channels, skip_out_channels, 1),
            nn.ReLU(inplace=True),
            nn.Conv1d(skip_out_channels, out_channels, 1),
        ])


model = WaveNet(**hparams)
