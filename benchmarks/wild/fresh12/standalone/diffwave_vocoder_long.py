"""A DiffWave-style vocoder: diffusion-step embedding table as a non-persistent buffer feeding an MLP,
a transposed-conv spectrogram upsampler, residual layers with dilation cycling 2 ** (i % cycle),
Kaiming init through apply() and a zero-initialised output projection."""

import math

import torch
import torch.nn as nn


def Conv1d(*args, **kwargs):
    layer = nn.Conv1d(*args, **kwargs)
    nn.init.kaiming_normal_(layer.weight)
    return layer


class DiffusionEmbedding(nn.Module):
    def __init__(self, max_steps, dim=64, hidden=256):
        super().__init__()
        self.register_buffer("embedding", self._build(max_steps, dim), persistent=False)
        self.projection1 = nn.Linear(2 * dim, hidden)
        self.projection2 = nn.Linear(hidden, hidden)

    @staticmethod
    def _build(max_steps, dim):
        steps = torch.arange(max_steps).unsqueeze(1)
        dims = torch.arange(dim).unsqueeze(0)
        table = steps * 10.0 ** (dims * 4.0 / (dim - 1))
        return torch.cat([torch.sin(table), torch.cos(table)], dim=1)


class SpectrogramUpsampler(nn.Module):
    def __init__(self, factors=(16, 16)):
        super().__init__()
        self.convs = nn.ModuleList(
            nn.ConvTranspose2d(1, 1, [3, 2 * f], stride=[1, f], padding=[1, f // 2])
            for f in factors
        )


class ResidualBlock(nn.Module):
    def __init__(self, n_mels, channels, dilation, hidden=256, uncond=False):
        super().__init__()
        self.dilated_conv = Conv1d(channels, 2 * channels, 3, padding=dilation, dilation=dilation)
        self.diffusion_projection = nn.Linear(hidden, channels)
        self.conditioner_projection = None if uncond else Conv1d(n_mels, 2 * channels, 1)
        self.output_projection = Conv1d(channels, 2 * channels, 1)


class DiffWave(nn.Module):
    def __init__(self, n_mels=40, channels=32, layers=12, cycle=6, steps=50, uncond=False):
        super().__init__()
        self.input_projection = Conv1d(1, channels, 1)
        self.diffusion_embedding = DiffusionEmbedding(steps)
        self.spectrogram_upsampler = None if uncond else SpectrogramUpsampler()
        self.residual_layers = nn.ModuleList(
            ResidualBlock(n_mels, channels, 2 ** (i % cycle), uncond=uncond) for i in range(layers)
        )
        self.skip_projection = Conv1d(channels, channels, 1)
        self.output_projection = Conv1d(channels, 1, 1)
        nn.init.zeros_(self.output_projection.weight)
        self.skip_scale = 1 / math.sqrt(layers)


model = DiffWave()
