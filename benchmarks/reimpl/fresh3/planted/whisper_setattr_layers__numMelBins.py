"""Whisper: no ModuleList anywhere; each layer is attached with ``setattr(self, f"layer{i}",
...)`` in a loop and run back with ``getattr``, the audio stem is two Conv1d (the second with
stride 2), the encoder's sinusoidal positions are a frozen ``nn.Parameter`` table, the decoder's
are learned, k projections carry no bias, and the decoder's logits come from its token table.
Sizes are the keyword defaults of a ``dims`` function returning a dict."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F


def dims(
    n_mels=80,
    n_audio_ctx=100,
    n_audio_state=64,
    n_audio_head=4,
    n_audio_layer=2,
    n_vocab=800,
    n_text_ctx=64,
    n_text_state=64,
    n_text_head=4,
    n_text_layer=2,
    n_mlp=160,
):
    return dict(locals())


D = dims()


def sinusoids(length, channels, max_timescale=10000):
    inc = math.log(max_timescale) / (channels // 2 - 1)
    inv = torch.exp(-inc * torch.arange(channels // 2))
    t = torch.arange(length)[:, None] * inv[None, :]
    return torch.cat([t.sin(), t.cos()], dim=1)


class Attention(nn.Module):
    def __init__(self, d, heads):
        super().__init__()
        self.heads = heads
        self.query = nn.Linear(d, d)
        self.key = nn.Linear(d, d, bias=False)
        self.value = nn.Linear(d, d)
        self.out = nn.Linear(d, d)

    def forward(self, x, xa=None, causal=False):
        src = x if xa is None else xa
        b, t, d = x.shape
        q = self.query(x).view(b, t, self.heads, -1).transpose(1, 2)
        k = self.key(src).view(b, src.shape[1], self.heads, -1).transpose(1, 2)
        v = self.value(src).view(b, src.shape[1], self.heads, -1).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=causal)
        return self.out(y.transpose(1, 2).reshape(b, t, d))


class ResidualBlock(nn.Module):
    def __init__(self, d, heads, mlp, cross):
        super().__init__()
        self.attn = Attention(d, heads)
        self.attn_ln = nn.LayerNorm(d)
        self.cross_attn = Attention(d, heads) if cross else None
        self.cross_attn_ln = nn.LayerNorm(d) if cross else None
        self.mlp_in = nn.Linear(d, mlp)
        self.mlp_out = nn.Linear(mlp, d)
        self.mlp_ln = nn.LayerNorm(d)

    def forward(self, x, xa=None):
        x = x + self.attn(self.attn_ln(x), causal=self.cross_attn is not None)
        if self.cross_attn is not None:
            x = x + self.cross_attn(self.cross_attn_ln(x), xa)
        return x + self.mlp_out(F.gelu(self.mlp_in(self.mlp_ln(x))))


class AudioEncoder(nn.Module):
    def __init__(self, d):
        super().__init__()
        w = d["n_audio_state"]
        self.n = d["n_audio_layer"]
        self.conv1 = nn.Conv1d(d["n_mels"], w, kernel_size=3, padding=1)
        self.conv2 = nn.Conv1d(w, w, kernel_size=3, stride=2, padding=1)
        self.positional_embedding = nn.Parameter(
            sinusoids(d["n_audio_ctx"], w), requires_grad=False
        )
        for i in range(self.n):
            setattr(self, f"layer{i}", ResidualBlock(w, d["n_audio_head"], d["n_mlp"], False))
        self.ln_post = nn.LayerNorm(w)

    def forward(self, mel):
        x = F.gelu(self.conv2(F.gelu(self.conv1(mel)))).transpose(1, 2)
        x = x + self.positional_embedding[: x.shape[1]]
        for i in range(self.n):
            x = getattr(self, f"layer{i}")(x)
        return self.ln_post(x)


class TextDecoder(nn.Module):
    def __init__(self, d):
        super().__init__()
        w = d["n_text_state"]
        self.n = d["n_text_layer"]
        self.token_embedding = nn.Embedding(d["n_vocab"], w)
        self.positional_embedding = nn.Parameter(torch.empty(d["n_text_ctx"], w))
        for i in range(self.n):
            setattr(self, f"layer{i}", ResidualBlock(w, d["n_text_head"], d["n_mlp"], True))
        self.ln = nn.LayerNorm(w)

    def forward(self, ids, xa):
        x = self.token_embedding(ids) + self.positional_embedding[: ids.shape[1]]
        for i in range(self.n):
            x = getattr(self, f"layer{i}")(x, xa)
        return self.ln(x) @ self.token_embedding.weight.T


class Whisper(nn.Module):
    def __init__(self, d=D):
        super().__init__()
        self.encoder = AudioEncoder(d)
        self.decoder = TextDecoder(d)

    def forward(self, mel, ids):
        return self.decoder(ids, self.encoder(mel))
