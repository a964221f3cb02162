"""A WaveNet: causal dilated convolutions in repeated dilation cycles, gated tanh/sigmoid units,
per-layer residual and skip 1x1 convs (the last layer has no residual conv), a local-conditioning
1x1 conv per layer, then a post-net. Config from a JSON string."""

import json

import torch.nn as nn

HPARAMS = json.loads(
    '{"quantization": 64, "residual_channels": 16, "gate_channels": 32, "skip_channels": 24,'
    ' "cin_channels": 10, "layers": 6, "stacks": 2, "kernel_size": 2}'
)


class ResidualConv1dGLU(nn.Module):
    def __init__(self, res, gate, skip, cin, kernel, dilation, last):
        super().__init__()
        self.conv = nn.Conv1d(res, gate, kernel, padding=(kernel - 1) * dilation, dilation=dilation)
        self.conv1x1c = nn.Conv1d(cin, gate, 1, bias=False)
        half = gate // 2
        self.conv1x1_out = None if last else nn.Conv1d(half, res, 1)
        self.conv1x1_skip = nn.Conv1d(half, skip, 1)


class WaveNet(nn.Module):
    def __init__(
        self,
        quantization,
        residual_channels,
        gate_channels,
        skip_channels,
        cin_channels,
        layers,
        stacks,
        kernel_size,
    ):
        super().__init__()
        per_stack = layers // stacks
        self.first_conv = nn.Conv1d(quantization, residual_channels, 1)
        self.conv_layers = nn.ModuleList(
            ResidualConv1dGLU(
                residual_channels,
                gate_channels,
                skip_channels,
                cin_channels,
                kernel_size,
                2 ** (i % per_stack),
                last=(i == layers - 1),
            )
            for i in range(layers)
        )
        self.last_conv_layers = nn.Sequential(
            nn.ReLU(),
            nn.Conv1d(skip_channels, skip_channels, 1),
            nn.ReLU(),
            nn.Conv1d(skip_channels, quantization, 1),
        )


model = WaveNet(**HPARAMS)
