"""An unconditional WaveNet with weight-normalised convolutions (weight_g / weight_v pairs)."""

import wavenet_vocoder

model = wavenet_vocoder.WaveNet(
    out_channels=256,
    layers=8,
    stacks=1,
    residual_channels=32,
    gate_channels=64,
    skip_out_channels=32,
    weight_normalization=True,
)
