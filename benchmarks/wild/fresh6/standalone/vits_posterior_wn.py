"""VITS posterior encoder: WaveNet-style WN layers with weight norm and a speaker-conditioning layer."""

import torch
import torch.nn as nn
from torch.nn.utils import weight_norm


class WN(nn.Module):
    def __init__(self, hidden_channels, kernel_size, dilation_rate, n_layers, gin_channels=0):
        super().__init__()
        self.hidden_channels, self.n_layers = hidden_channels, n_layers
        self.in_layers = nn.ModuleList()
        self.res_skip_layers = nn.ModuleList()
        if gin_channels:
            self.cond_layer = weight_norm(
                nn.Conv1d(gin_channels, 2 * hidden_channels * n_layers, 1), name="weight"
            )
        for i in range(n_layers):
            dilation = dilation_rate**i
            padding = (kernel_size * dilation - dilation) // 2
            self.in_layers.append(
                weight_norm(
                    nn.Conv1d(
                        hidden_channels,
                        2 * hidden_channels,
                        kernel_size,
                        dilation=dilation,
                        padding=padding,
                    )
                )
            )
            # the last layer only feeds the skip path
            out = 2 * hidden_channels if i < n_layers - 1 else hidden_channels
            self.res_skip_layers.append(weight_norm(nn.Conv1d(hidden_channels, out, 1)))


class PosteriorEncoder(nn.Module):
    def __init__(
        self,
        in_channels,
        out_channels,
        hidden_channels,
        kernel_size,
        dilation_rate,
        n_layers,
        gin_channels=0,
    ):
        super().__init__()
        self.pre = nn.Conv1d(in_channels, hidden_channels, 1)
        self.enc = WN(
            hidden_channels, kernel_size, dilation_rate, n_layers, gin_channels=gin_channels
        )
        self.proj = nn.Conv1d(hidden_channels, out_channels * 2, 1)

    def forward(self, x, g=None):
        h = self.pre(x)
        stats = self.proj(h)
        m, logs = torch.split(stats, stats.shape[1] // 2, dim=1)
        return m + torch.randn_like(m) * torch.exp(logs)


class SpeakerPosterior(nn.Module):
    def __init__(self, n_speakers=4, gin_channels=32):
        super().__init__()
        self.emb_g = nn.Embedding(n_speakers, gin_channels)
        self.enc_q = PosteriorEncoder(80, 48, 96, 5, 1, 8, gin_channels=gin_channels)


model = SpeakerPosterior(n_speakers=4, gin_channels=32)
