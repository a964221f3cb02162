"""Whisper: dimensions in a plain class with a classmethod preset (tiny()), layers built
from functools.partial constructors, one attention class for self and cross attention (the key
projection without a bias), a two-conv audio stem, sinusoid-initialised encoder positions."""

from functools import partial

import torch
import torch.nn as nn
import torch.nn.functional as F


class Dims:
    def __init__(self, mels, width, enc_layers, dec_layers, heads, ffn, audio_ctx, text_ctx, vocab):
        self.mels, self.width, self.heads, self.ffn = mels, width, heads, ffn
        self.enc_layers, self.dec_layers = enc_layers, dec_layers
        self.audio_ctx, self.text_ctx, self.vocab = audio_ctx, text_ctx, vocab

    @classmethod
    def tiny(cls):
        return cls(mels=80, width=64,
                   enc_layers=2,
                   dec_layers=2, heads=4, ffn=128, audio_ctx=100, text_ctx=64, vocab=500)


def sinusoids(length, channels):
    inc = torch.log(torch.tensor(10000.0)) / (channels // 2 - 1)
    inv = torch.exp(-inc * torch.arange(channels // 2))
    t = torch.arange(length)[:, None] * inv[None]
    return torch.cat([t.sin(), t.cos()], dim=1)


class Attention(nn.Module):
    def __init__(self, width, heads):
        super().__init__()
        self.heads = heads
        self.query = nn.Linear(width, width)
        self.key = nn.Linear(width, width, bias=False)
        self.value = nn.Linear(width, width)
        self.out = nn.Linear(width, width)

    def forward(self, x, xa=None, causal=False):
        src = x if xa is None else xa
        b, t, d = x.shape
        sp = lambda z: z.view(b, z.shape[1], self.heads, -1).transpose(1, 2)  # noqa: E731
        y = F.scaled_dot_product_attention(
            sp(self.query(x)), sp(self.key(src)), sp(self.value(src)), is_causal=causal
        )
        return self.out(y.transpose(1, 2).reshape(b, t, d))


class ResidualBlock(nn.Module):
    def __init__(self, width, heads, ffn, cross=False):
        super().__init__()
        self.attn = Attention(width, heads)
        self.attn_ln = nn.LayerNorm(width)
        self.cross_attn = Attention(width, heads) if cross else None
        self.cross_attn_ln = nn.LayerNorm(width) if cross else None
        self.mlp = nn.Sequential(nn.Linear(width, ffn), nn.GELU(), nn.Linear(ffn, width))
        self.mlp_ln = nn.LayerNorm(width)

    def forward(self, x, xa=None, causal=False):
        x = x + self.attn(self.attn_ln(x), causal=causal)
        if self.cross_attn is not None:
            x = x + self.cross_attn(self.cross_attn_ln(x), xa)
        return x + self.mlp(self.mlp_ln(x))


class Whisper(nn.Module):
    def __init__(self, dims: Dims | None = None):
        super().__init__()
        d = dims or Dims.tiny()
        enc_block = partial(ResidualBlock, d.width, d.heads, d.ffn)
        dec_block = partial(ResidualBlock, d.width, d.heads, d.ffn, cross=True)
        self.conv1 = nn.Conv1d(d.mels, d.width, kernel_size=3, padding=1)
        self.conv2 = nn.Conv1d(d.width, d.width, kernel_size=3, stride=2, padding=1)
        self.audio_pos = nn.Parameter(sinusoids(d.audio_ctx, d.width))
        self.encoder_blocks = nn.ModuleList(enc_block() for _ in range(d.enc_layers))
        self.ln_post = nn.LayerNorm(d.width)
        self.token_embedding = nn.Embedding(d.vocab, d.width)
        self.text_pos = nn.Parameter(torch.empty(d.text_ctx, d.width))
        self.decoder_blocks = nn.ModuleList(dec_block() for _ in range(d.dec_layers))
        self.ln = nn.LayerNorm(d.width)

    def forward(self, mel, tokens):
        x = F.gelu(self.conv2(F.gelu(self.conv1(mel)))).transpose(1, 2)
        x = x + self.audio_pos[: x.shape[1]]
        for blk in self.encoder_blocks:
            x = blk(x)
        xa = self.ln_post(x)
        y = self.token_embedding(tokens) + self.text_pos[: tokens.shape[1]]
        for blk in self.decoder_blocks:
            y = blk(y, xa, causal=True)
        return self.ln(y)
