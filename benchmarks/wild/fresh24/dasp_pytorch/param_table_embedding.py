"""Preset recall: a learned table of normalized compressor + EQ settings, one row per preset."""

import dasp_pytorch as dasp
import torch
import torch.nn as nn


class PresetBank(nn.Module):
    def __init__(self, n_presets=16, sample_rate=48000):
        super().__init__()
        self.comp = dasp.Compressor(sample_rate)
        self.eq = dasp.ParametricEQ(sample_rate)
        width = len(self.comp.param_ranges) + len(self.eq.param_ranges)
        self.table = nn.Parameter(torch.rand(n_presets, width))
        self.register_buffer("default", torch.full((width,), 0.5))
        self.selector = nn.Linear(width, n_presets, bias=False)


model = PresetBank(n_presets=10, sample_rate=48000)
