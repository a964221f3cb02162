"""data2vec-audio: a conv feature encoder with a LayerNorm after every conv, a projection, a
stack of grouped positional convolutions (each with a weightless LayerNorm and GELU), and
post-norm transformer layers. A dataclass whose ``__post_init__`` derives the conv stack and
the head width from the few values set."""

from dataclasses import dataclass, field

import torch
import torch.nn.functional as F
from torch import nn


@dataclass
class AudioConfig:
    width: int = 64
    layers: int = 2
    heads: int = 4
    ffn: int = 128
    conv_channels: int = 32
    n_convs: int = 3
    pos_convs: int = 5
    pos_kernel: int = 5
    pos_groups: int = 4
    eps: float = 1e-5
    kernels: list = field(init=False)
    strides: list = field(init=False)
    head_dim: int = field(init=False)

    def __post_init__(self):
        self.kernels = [10] + [3] * (self.n_convs - 1)
        self.strides = [5] + [2] * (self.n_convs - 1)
        self.head_dim = self.width // self.heads


CFG = AudioConfig()


class FeatureConv(nn.Module):
    def __init__(self, cin, k, s):
        super().__init__()
        self.conv = nn.Conv1d(cin, CFG.conv_channels, k, stride=s, bias=False)
        self.layer_norm = nn.LayerNorm(CFG.conv_channels, eps=CFG.eps)

    def forward(self, x):
        x = self.conv(x)
        return F.gelu(self.layer_norm(x.transpose(1, 2)).transpose(1, 2))


class PosConv(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv1d(
            CFG.width, CFG.width, CFG.pos_kernel, padding=CFG.pos_kernel // 2, groups=CFG.pos_groups
        )
        self.norm = nn.LayerNorm(CFG.width, elementwise_affine=False, eps=CFG.eps)

    def forward(self, x):
        x = self.conv(x)
        if CFG.pos_kernel % 2 == 0:
            x = x[..., :-1]
        return F.gelu(self.norm(x.transpose(1, 2)).transpose(1, 2))


class EncoderLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.q_proj = nn.Linear(CFG.width, CFG.width)
        self.k_proj = nn.Linear(CFG.width, CFG.width)
        self.v_proj = nn.Linear(CFG.width, CFG.width)
        self.out_proj = nn.Linear(CFG.width, CFG.width)
        self.attn_norm = nn.LayerNorm(CFG.width, eps=CFG.eps)
        self.ff_in = nn.Linear(CFG.width, CFG.ffn)
        self.ff_out = nn.Linear(CFG.ffn, CFG.width)
        self.ff_norm = nn.LayerNorm(CFG.width, eps=CFG.eps)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = (
            p(x).view(b, t, CFG.heads, CFG.head_dim).transpose(1, 2)
            for p in (self.q_proj, self.k_proj, self.v_proj)
        )
        a = F.scaled_dot_product_attention(q, k, v).transpose(1, 2).reshape(b, t, d)
        x = self.attn_norm(x + self.out_proj(a))
        return self.ff_norm(x + self.ff_out(F.gelu(self.ff_in(x))))


class Data2VecAudio(nn.Module):
    def __init__(self):
        super().__init__()
        chans = [1] + [CFG.conv_channels] * (CFG.n_convs - 1)
        self.features = nn.ModuleList(
            FeatureConv(c, k, s) for c, k, s in zip(chans, CFG.kernels, CFG.strides)
        )
        self.feature_norm = nn.LayerNorm(CFG.conv_channels, eps=CFG.eps)
        self.feature_proj = nn.Linear(CFG.conv_channels, CFG.width)
        self.mask_embedding = nn.Parameter(torch.zeros(CFG.width))
        self.pos_convs = nn.ModuleList(PosConv() for _ in range(CFG.pos_convs))
        self.encoder_norm = nn.LayerNorm(CFG.width, eps=CFG.eps)
        self.layers = nn.ModuleList(EncoderLayer() for _ in range(CFG.layers))

    def forward(self, wave):
        x = wave[:, None]
        for conv in self.features:
            x = conv(x)
        x = self.feature_proj(self.feature_norm(x.transpose(1, 2)))
        pos = x.transpose(1, 2)
        for conv in self.pos_convs:
            pos = conv(pos)
        x = self.encoder_norm(x + pos.transpose(1, 2))
        for layer in self.layers:
            x = layer(x)
        return x
