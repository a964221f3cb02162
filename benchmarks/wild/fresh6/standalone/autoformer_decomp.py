"""Autoformer: series decomposition blocks and auto-correlation layers, encoder-decoder, from args."""

from types import SimpleNamespace

import torch
import torch.nn as nn


class MovingAvg(nn.Module):
    def __init__(self, kernel_size):
        super().__init__()
        self.avg = nn.AvgPool1d(kernel_size, stride=1, padding=0)
        self.k = kernel_size


class SeriesDecomp(nn.Module):
    def __init__(self, kernel_size):
        super().__init__()
        self.moving_avg = MovingAvg(kernel_size)


class AutoCorrelationLayer(nn.Module):
    def __init__(self, d_model, n_heads, factor=1):
        super().__init__()
        d_keys = d_model // n_heads
        self.factor = factor
        self.query_projection = nn.Linear(d_model, d_keys * n_heads)
        self.key_projection = nn.Linear(d_model, d_keys * n_heads)
        self.value_projection = nn.Linear(d_model, d_keys * n_heads)
        self.out_projection = nn.Linear(d_keys * n_heads, d_model)


class EncoderLayer(nn.Module):
    def __init__(self, d_model, n_heads, d_ff, moving_avg):
        super().__init__()
        self.attention = AutoCorrelationLayer(d_model, n_heads)
        self.conv1 = nn.Conv1d(d_model, d_ff, 1, bias=False)
        self.conv2 = nn.Conv1d(d_ff, d_model, 1, bias=False)
        self.decomp1 = SeriesDecomp(moving_avg)
        self.decomp2 = SeriesDecomp(moving_avg)


class DecoderLayer(nn.Module):
    def __init__(self, d_model, n_heads, c_out, d_ff, moving_avg):
        super().__init__()
        self.self_attention = AutoCorrelationLayer(d_model, n_heads)
        self.cross_attention = AutoCorrelationLayer(d_model, n_heads)
        self.conv1 = nn.Conv1d(d_model, d_ff, 1, bias=False)
        self.conv2 = nn.Conv1d(d_ff, d_model, 1, bias=False)
        self.decomp1, self.decomp2, self.decomp3 = (SeriesDecomp(moving_avg) for _ in range(3))
        self.projection = nn.Conv1d(
            d_model, c_out, 3, padding=1, padding_mode="circular", bias=False
        )


class MyLayerNorm(nn.Module):
    """The seasonal part's special layer norm (subtracts the time mean after LayerNorm)."""

    def __init__(self, channels):
        super().__init__()
        self.layernorm = nn.LayerNorm(channels)

    def forward(self, x):
        x_hat = self.layernorm(x)
        return x_hat - torch.mean(x_hat, dim=1).unsqueeze(1)


class DataEmbedding_wo_pos(nn.Module):
    def __init__(self, c_in, d_model, n_time_feats=4):
        super().__init__()
        self.value_embedding = nn.Conv1d(
            c_in, d_model, 3, padding=1, padding_mode="circular", bias=False
        )
        self.temporal_embedding = nn.Linear(n_time_feats, d_model, bias=False)


class Autoformer(nn.Module):
    def __init__(self, configs):
        super().__init__()
        self.decomp = SeriesDecomp(configs.moving_avg)
        self.enc_embedding = DataEmbedding_wo_pos(configs.enc_in, configs.d_model)
        self.dec_embedding = DataEmbedding_wo_pos(configs.dec_in, configs.d_model)
        self.encoder = nn.ModuleList(
            EncoderLayer(configs.d_model, configs.n_heads, configs.d_ff, configs.moving_avg)
            for _ in range(configs.e_layers)
        )
        self.enc_norm = MyLayerNorm(configs.d_model)
        self.decoder = nn.ModuleList(
            DecoderLayer(
                configs.d_model, configs.n_heads, configs.c_out, configs.d_ff, configs.moving_avg
            )
            for _ in range(configs.d_layers)
        )
        self.dec_norm = MyLayerNorm(configs.d_model)
        self.dec_projection = nn.Linear(configs.d_model, configs.c_out, bias=True)


configs = SimpleNamespace(
    enc_in=7,
    dec_in=7,
    c_out=7,
    d_model=64,
    n_heads=4,
    e_layers=2,
    d_layers=1,
    d_ff=128,
    moving_avg=25,
)
model = Autoformer(configs)
