"""XGLM (Lin et al. 2021), ported from the fairseq checkpoints' description: scaled token
embeddings plus fixed sinusoidal positions (offset past the padding id), pre-norm layers,
tied output. The sizes are class attributes of a settings class, subclassed for the tiny run."""

import math

import torch
import torch.nn.functional as F
from torch import nn


class BaseSettings:
    vocab = 256008
    d_model = 1024
    ffn = 4096
    n_layers = 24
    n_heads = 16
    max_positions = 2048
    pad = 1


class TinySettings(BaseSettings):
    vocab = 800
    d_model = 64
    ffn = 256
    n_layers = 2
    n_heads = 4
    max_positions = 64


S = TinySettings


def fairseq_sinusoids(n: int, dim: int, pad: int) -> torch.Tensor:
    half = dim // 2
    step = math.log(10000) / (half - 1)
    freqs = torch.exp(torch.arange(half, dtype=torch.float32) * -step)
    args = torch.arange(n, dtype=torch.float32)[:, None] * freqs[None, :]
    table = torch.cat([args.sin(), args.cos()], dim=1)
    table[pad] = 0
    return table


class DecoderLayer(nn.Module):
    def __init__(self):
        super().__init__()
        d = S.d_model
        self.ln_attn = nn.LayerNorm(d)
        self.in_proj = nn.ModuleDict({n: nn.Linear(d, d) for n in ("q", "k", "v")})
        self.out_proj = nn.Linear(d, d)
        self.ln_ffn = nn.LayerNorm(d)
        self.fc1 = nn.Linear(d, S.ffn)
        self.fc2 = nn.Linear(S.ffn, d)

    def forward(self, x):
        b, t, d = x.shape
        h = self.ln_attn(x)
        q, k, v = (self.in_proj[n](h).view(b, t, S.n_heads, -1).transpose(1, 2) for n in "qkv")
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.out_proj(y.transpose(1, 2).reshape(b, t, d))
        return x + self.fc2(F.gelu(self.fc1(self.ln_ffn(x))))


class XGLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(S.vocab, S.d_model, padding_idx=S.pad)
        table = fairseq_sinusoids(S.max_positions + 2, S.d_model, S.pad)
        self.register_buffer("sinusoids", table, persistent=False)
        self.layers = nn.ModuleList(DecoderLayer() for _ in range(S.n_layers))
        self.ln_final = nn.LayerNorm(S.d_model)

    def forward(self, ids):
        x = self.embed(ids) * math.sqrt(S.d_model) + self.sinusoids[2 : ids.shape[1] + 2]
        for layer in self.layers:
            x = layer(x)
        return self.ln_final(x) @ self.embed.weight.T
