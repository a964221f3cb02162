"""FEDformer's frequency-enhanced block: complex-valued Fourier mode weights held as
nn.Parameter(torch.cfloat) (each complex number is one element), series decomposition, and a
DataEmbedding with a fixed sinusoidal table (a buffer) plus a token conv."""

import math

import torch
import torch.nn as nn


class FourierBlock(nn.Module):
    def __init__(self, in_channels, out_channels, modes=32, n_heads=8):
        super().__init__()
        self.scale = 1 / (in_channels * out_channels)
        self.weights1 = nn.Parameter(
            self.scale
            * torch.rand(
                n_heads, in_channels // n_heads, out_channels // n_heads, modes, dtype=torch.cfloat
            )
        )


class AutoCorrelationLayer(nn.Module):
    def __init__(self, inner, d_model, n_heads):
        super().__init__()
        self.inner_correlation = inner
        self.query_projection = nn.Linear(d_model, d_model)
        self.key_projection = nn.Linear(d_model, d_model)
        self.value_projection = nn.Linear(d_model, d_model)
        self.out_projection = nn.Linear(d_model, d_model)


class DataEmbedding(nn.Module):
    def __init__(self, c_in, d_model, max_len=5000):
        super().__init__()
        self.tokenConv = nn.Conv1d(c_in, d_model, 3, padding=1, padding_mode="circular", bias=False)
        pe = torch.zeros(max_len, d_model)
        pos = torch.arange(max_len).float().unsqueeze(1)
        div = torch.exp(torch.arange(0, d_model, 2).float() * -(math.log(10000.0) / d_model))
        pe[:, 0::2] = torch.sin(pos * div)
        pe[:, 1::2] = torch.cos(pos * div)
        self.register_buffer("pe", pe)
        self.temporal = nn.Linear(4, d_model, bias=False)


class EncoderLayer(nn.Module):
    def __init__(self, d_model, n_heads, d_ff, modes):
        super().__init__()
        self.attention = AutoCorrelationLayer(
            FourierBlock(d_model, d_model, modes, n_heads), d_model, n_heads
        )
        self.conv1 = nn.Conv1d(d_model, d_ff, 1, bias=False)
        self.conv2 = nn.Conv1d(d_ff, d_model, 1, bias=False)


class FEDformerEncoder(nn.Module):
    def __init__(self, enc_in=7, d_model=128, n_heads=8, d_ff=256, e_layers=2, modes=32, c_out=7):
        super().__init__()
        self.enc_embedding = DataEmbedding(enc_in, d_model)
        self.layers = nn.ModuleList(
            EncoderLayer(d_model, n_heads, d_ff, modes) for _ in range(e_layers)
        )
        self.norm = nn.LayerNorm(d_model)
        self.projection = nn.Linear(d_model, c_out)


model = FEDformerEncoder()
