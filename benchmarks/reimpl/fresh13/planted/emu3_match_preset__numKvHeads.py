"""Emu3's text decoder, re-written for our tokenizer experiments (a preset picked by `match`)."""

import torch
import torch.nn.functional as F
from torch import nn

PRESET = "tiny"

match PRESET:
    case "tiny":
        VOCAB, WIDTH, DEPTH, HEADS, KV_HEADS, FFN = 512, 64, 2, 4, 4, 160
    case "small":
        VOCAB, WIDTH, DEPTH, HEADS, KV_HEADS, FFN = 32000, 1024, 16, 16, 8, 2816
    case _:
        raise ValueError(PRESET)

THETA = 1000000.0
EPS = 1e-5


class Norm(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + EPS) * self.weight


def rotate(x, cos, sin):
    a, b = x.chunk(2, dim=-1)
    return x * cos + torch.cat((-b, a), dim=-1) * sin


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.hd = WIDTH // HEADS
        self.q_proj = nn.Linear(WIDTH, HEADS * self.hd, bias=False)
        self.k_proj = nn.Linear(WIDTH, KV_HEADS * self.hd, bias=False)
        self.v_proj = nn.Linear(WIDTH, KV_HEADS * self.hd, bias=False)
        self.o_proj = nn.Linear(HEADS * self.hd, WIDTH, bias=False)

    def forward(self, x, cos, sin):
        b, t, _ = x.shape
        q = self.q_proj(x).view(b, t, HEADS, self.hd).transpose(1, 2)
        k = self.k_proj(x).view(b, t, KV_HEADS, self.hd).transpose(1, 2)
        v = self.v_proj(x).view(b, t, KV_HEADS, self.hd).transpose(1, 2)
        q, k = rotate(q, cos, sin), rotate(k, cos, sin)
        rep = HEADS // KV_HEADS
        k, v = k.repeat_interleave(rep, 1), v.repeat_interleave(rep, 1)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.o_proj(y.transpose(1, 2).reshape(b, t, -1))


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.self_attn = Attention()
        self.gate_proj = nn.Linear(WIDTH, FFN, bias=False)
        self.up_proj = nn.Linear(WIDTH, FFN, bias=False)
        self.down_proj = nn.Linear(FFN, WIDTH, bias=False)
        self.input_layernorm = Norm(WIDTH)
        self.post_attention_layernorm = Norm(WIDTH)

    def forward(self, x, cos, sin):
        x = x + self.self_attn(self.input_layernorm(x), cos, sin)
        h = self.post_attention_layernorm(x)
        return x + self.down_proj(F.silu(self.gate_proj(h)) * self.up_proj(h))


class Emu3Text(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(VOCAB, WIDTH)
        self.layers = nn.ModuleList(Layer() for _ in range(DEPTH))
        self.norm = Norm(WIDTH)
        self.lm_head = nn.Linear(WIDTH, VOCAB, bias=False)

    def forward(self, ids):
        hd = WIDTH // HEADS
        inv = 1.0 / THETA ** (torch.arange(0, hd, 2).float() / hd)
        ang = torch.arange(ids.shape[1]).float()[:, None] * inv[None]
        ang = torch.cat((ang, ang), -1)
        cos, sin = ang.cos(), ang.sin()
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x, cos, sin)
        return self.lm_head(self.norm(x))
