"""A style-transfer controller: an audio encoder predicts normalized settings for a DSP chain.

The processors are plain Python objects (not modules); the head's width is the sum of their `num_params`.
"""

import dasp_pytorch as dasp
import torch.nn as nn


class ChainController(nn.Module):
    def __init__(self, sample_rate=44100, channels=32):
        super().__init__()
        self.processors = [
            dasp.ParametricEQ(sample_rate),
            dasp.Compressor(sample_rate),
            dasp.Gain(sample_rate),
        ]
        total = sum(p.num_params for p in self.processors)
        self.encoder = nn.Sequential(
            nn.Conv1d(2, channels, 15, stride=4),
            nn.PReLU(channels),
            nn.Conv1d(channels, channels * 2, 15, stride=4),
            nn.PReLU(channels * 2),
            nn.AdaptiveAvgPool1d(1),
            nn.Flatten(),
        )
        self.head = nn.Sequential(
            nn.Linear(channels * 2, 128), nn.ReLU(), nn.Linear(128, total), nn.Sigmoid()
        )

    def forward(self, x):
        return self.head(self.encoder(x))


model = ChainController(sample_rate=22050, channels=24)
