"""MusicGen's audio-token decoder (one embedding table and one head per codebook); the sizes are
the parts of the run's directory, as our sweep scripts lay runs out."""

import math
from pathlib import PurePosixPath
from string import digits

import torch
from torch import nn

RUN_DIR = "runs/musicgen/cb8/v160/d64/L2/h4/ff192/ctx128"


def _size(part: str) -> tuple[str, int]:
    key = part.rstrip(digits)
    return key, int(part[len(key) :])


_F = dict(map(_size, PurePosixPath(RUN_DIR).parts[2:]))
CODEBOOKS, CARD, DIM, LAYERS, HEADS, FFN, CTX = (_F[k] for k in "cb v d L h ff ctx".split())


def sinusoids(n, d):
    half = d // 2
    freq = torch.exp(torch.arange(half) * -(math.log(10000.0) / (half - 1)))
    ang = torch.arange(n).float()[:, None] * freq[None]
    return torch.cat([ang.cos(), ang.sin()], -1)


class MHA(nn.Module):
    def __init__(self):
        super().__init__()
        self.k_proj = nn.Linear(DIM, DIM, bias=False)
        self.v_proj = nn.Linear(DIM, DIM, bias=False)
        self.q_proj = nn.Linear(DIM, DIM, bias=False)
        self.out_proj = nn.Linear(DIM, DIM, bias=False)

    def forward(self, x, mem=None, causal=False):
        mem = x if mem is None else mem
        b, t, _ = x.shape
        hd = DIM // HEADS
        q = self.q_proj(x).view(b, t, HEADS, hd).transpose(1, 2)
        k = self.k_proj(mem).view(b, -1, HEADS, hd).transpose(1, 2)
        v = self.v_proj(mem).view(b, -1, HEADS, hd).transpose(1, 2)
        o = nn.functional.scaled_dot_product_attention(q, k, v, is_causal=causal)
        return self.out_proj(o.transpose(1, 2).reshape(b, t, DIM))


class DecoderLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.self_attn, self.self_attn_layer_norm = MHA(), nn.LayerNorm(DIM)
        self.encoder_attn, self.encoder_attn_layer_norm = MHA(), nn.LayerNorm(DIM)
        self.fc1, self.fc2 = nn.Linear(DIM, FFN, bias=False), nn.Linear(FFN, DIM, bias=False)
        self.final_layer_norm = nn.LayerNorm(DIM)

    def forward(self, x, cond=None):
        x = x + self.self_attn(self.self_attn_layer_norm(x), causal=True)
        if cond is not None:
            x = x + self.encoder_attn(self.encoder_attn_layer_norm(x), cond)
        return x + self.fc2(nn.functional.gelu(self.fc1(self.final_layer_norm(x))))


class MusicDecoder(nn.Module):
    def __init__(self):
        super().__init__()
        # one extra row per table: the pad / start token of the delay pattern
        self.embed_tokens = nn.ModuleList(nn.Embedding(CARD + 1, DIM) for _ in range(CODEBOOKS))
        self.register_buffer("positions", sinusoids(CTX, DIM), persistent=False)
        self.layers = nn.ModuleList(DecoderLayer() for _ in range(LAYERS))
        self.layer_norm = nn.LayerNorm(DIM)
        self.lm_heads = nn.ModuleList(nn.Linear(DIM, CARD, bias=False) for _ in range(CODEBOOKS))

    def forward(self, codes, cond=None):  # codes: [batch, codebooks, time]
        x = sum(emb(codes[:, i]) for i, emb in enumerate(self.embed_tokens))
        x = x + self.positions[: codes.shape[-1]]
        for layer in self.layers:
            x = layer(x, cond)
        x = self.layer_norm(x)
        return torch.stack([head(x) for head in self.lm_heads], 1)
