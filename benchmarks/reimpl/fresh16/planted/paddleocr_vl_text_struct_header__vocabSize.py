"""PaddleOCR-VL's text decoder (ERNIE-style); its sizes travel in the 16-byte header of our
exported checkpoint blob, unpacked with ``struct``."""

import struct

import torch
import torch.nn as nn
import torch.nn.functional as F

# little-endian: vocab, width, layers, heads, kv heads, ffn, then eps as a float
HEADER = struct.pack("<6Hf", 384, 64, 2, 4, 2, 128, 1e-5)
VOCAB, WIDTH, LAYERS, HEADS, KV, FFN, EPS = struct.unpack("<6Hf", HEADER)


class RMS(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + EPS)


class SelfAttn(nn.Module):
    def __init__(self):
        super().__init__()
        self.hd = WIDTH // HEADS
        self.q_proj = nn.Linear(WIDTH, HEADS * self.hd, bias=False)
        self.k_proj = nn.Linear(WIDTH, KV * self.hd, bias=False)
        self.v_proj = nn.Linear(WIDTH, KV * self.hd, bias=False)
        self.o_proj = nn.Linear(HEADS * self.hd, WIDTH, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q_proj(x).unflatten(-1, (HEADS, self.hd)).transpose(1, 2)
        k = self.k_proj(x).unflatten(-1, (KV, self.hd)).transpose(1, 2)
        v = self.v_proj(x).unflatten(-1, (KV, self.hd)).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o_proj(y.transpose(1, 2).flatten(2))


class FFNBlock(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate_proj = nn.Linear(WIDTH, FFN, bias=False)
        self.up_proj = nn.Linear(WIDTH, FFN, bias=False)
        self.down_proj = nn.Linear(FFN, WIDTH, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.input_layernorm, self.post_attention_layernorm = RMS(WIDTH), RMS(WIDTH)
        self.self_attn, self.mlp = SelfAttn(), FFNBlock()

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x))
        return x + self.mlp(self.post_attention_layernorm(x))


class PaddleText(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(VOCAB, WIDTH)
        self.layers = nn.ModuleList([Layer() for _ in range(LAYERS)])
        self.norm = RMS(WIDTH)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.norm(x)
