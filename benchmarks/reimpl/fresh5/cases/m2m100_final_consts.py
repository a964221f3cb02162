"""M2M-100 translation model, sizes as ``typing.Final`` module constants. Pre-norm encoder and
decoder with a final LayerNorm each, embeddings scaled by sqrt(d_model), fixed sinusoidal
positions (a buffer built in ``__init__``, offset past the padding index), ReLU FFNs, one
shared vocabulary matrix."""

import math
from typing import Final

import torch
import torch.nn.functional as F
from torch import nn

VOCAB: Final[int] = 640
D_MODEL: Final[int] = 64
ENC_LAYERS: Final[int] = 2
DEC_LAYERS: Final[int] = 2
ENC_HEADS: Final[int] = 4
DEC_HEADS: Final[int] = 4
ENC_FFN: Final[int] = 128
DEC_FFN: Final[int] = 160
MAX_POS: Final[int] = 128
PAD: Final[int] = 1
EMBED_SCALE: Final[float] = math.sqrt(D_MODEL)


def sinusoids(n, d, pad):
    half = d // 2
    step = math.log(10000.0) / (half - 1)
    freqs = torch.exp(torch.arange(half).float() * -step)
    ang = torch.arange(n).float()[:, None] * freqs[None]
    table = torch.cat([ang.sin(), ang.cos()], 1)
    table[pad] = 0
    return table


class MHA(nn.Module):
    def __init__(self, heads):
        super().__init__()
        self.heads = heads
        self.q_proj = nn.Linear(D_MODEL, D_MODEL)
        self.k_proj = nn.Linear(D_MODEL, D_MODEL)
        self.v_proj = nn.Linear(D_MODEL, D_MODEL)
        self.out_proj = nn.Linear(D_MODEL, D_MODEL)

    def forward(self, x, mem=None, causal=False):
        mem = x if mem is None else mem
        b, n, _ = x.shape
        hd = D_MODEL // self.heads
        q = self.q_proj(x).view(b, n, self.heads, hd).transpose(1, 2)
        k = self.k_proj(mem).view(b, -1, self.heads, hd).transpose(1, 2)
        v = self.v_proj(mem).view(b, -1, self.heads, hd).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=causal)
        return self.out_proj(o.transpose(1, 2).reshape(b, n, D_MODEL))


class EncoderLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.self_attn = MHA(ENC_HEADS)
        self.self_attn_layer_norm = nn.LayerNorm(D_MODEL)
        self.fc1 = nn.Linear(D_MODEL, ENC_FFN)
        self.fc2 = nn.Linear(ENC_FFN, D_MODEL)
        self.final_layer_norm = nn.LayerNorm(D_MODEL)

    def forward(self, x):
        x = x + self.self_attn(self.self_attn_layer_norm(x))
        return x + self.fc2(F.relu(self.fc1(self.final_layer_norm(x))))


class DecoderLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.self_attn = MHA(DEC_HEADS)
        self.self_attn_layer_norm = nn.LayerNorm(D_MODEL)
        self.encoder_attn = MHA(DEC_HEADS)
        self.encoder_attn_layer_norm = nn.LayerNorm(D_MODEL)
        self.fc1 = nn.Linear(D_MODEL, DEC_FFN)
        self.fc2 = nn.Linear(DEC_FFN, D_MODEL)
        self.final_layer_norm = nn.LayerNorm(D_MODEL)

    def forward(self, x, mem):
        x = x + self.self_attn(self.self_attn_layer_norm(x), causal=True)
        x = x + self.encoder_attn(self.encoder_attn_layer_norm(x), mem)
        return x + self.fc2(F.relu(self.fc1(self.final_layer_norm(x))))


class M2M100(nn.Module):
    def __init__(self):
        super().__init__()
        self.shared = nn.Embedding(VOCAB, D_MODEL, padding_idx=PAD)
        self.register_buffer("pos_table", sinusoids(MAX_POS + 2, D_MODEL, PAD), persistent=False)
        self.encoder_layers = nn.ModuleList(EncoderLayer() for _ in range(ENC_LAYERS))
        self.encoder_norm = nn.LayerNorm(D_MODEL)
        self.decoder_layers = nn.ModuleList(DecoderLayer() for _ in range(DEC_LAYERS))
        self.decoder_norm = nn.LayerNorm(D_MODEL)

    def embed(self, ids):
        real = (ids != PAD).long()
        pos = torch.cumsum(real, 1) * real + PAD
        return self.shared(ids) * EMBED_SCALE + self.pos_table[pos]

    def forward(self, src, tgt):
        mem = self.embed(src)
        for layer in self.encoder_layers:
            mem = layer(mem)
        mem = self.encoder_norm(mem)
        x = self.embed(tgt)
        for layer in self.decoder_layers:
            x = layer(x, mem)
        return self.decoder_norm(x)
