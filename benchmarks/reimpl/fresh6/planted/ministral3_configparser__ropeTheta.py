"""Ministral 3 (text), written from the release notes: a Mistral-style decoder (GQA, one sliding
window for every layer) whose queries are scaled up with position, ``1 + beta * log(1 +
floor(pos / span))`` (the Llama-4 long-context trick). The sizes live in an INI document read
with ``configparser``, the way a training launcher keeps them next to its data paths."""

import configparser
import math

import torch
import torch.nn.functional as F
from torch import nn

SETTINGS = """
[model]
vocab = 512
width = 64
depth = 3
ffn = 160
eps = 1e-5

[attention]
n_heads = 4
n_kv = 2
head_dim = 16
window = 24
rope_theta = 10000.0
scaling_beta = 0.1
scaling_span = 32
"""

INI = configparser.ConfigParser()
INI.read_string(SETTINGS)
MODEL, ATTN = INI["model"], INI["attention"]


class RMSNorm(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))
        self.eps = MODEL.getfloat("eps")

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        d = MODEL.getint("width")
        self.h, self.kv, self.hd = (
            ATTN.getint("n_heads"),
            ATTN.getint("n_kv"),
            ATTN.getint("head_dim"),
        )
        self.q_proj = nn.Linear(d, self.h * self.hd, bias=False)
        self.k_proj = nn.Linear(d, self.kv * self.hd, bias=False)
        self.v_proj = nn.Linear(d, self.kv * self.hd, bias=False)
        self.o_proj = nn.Linear(self.h * self.hd, d, bias=False)
        theta = ATTN.getfloat("rope_theta")
        self.register_buffer(
            "inv_freq", theta ** -(torch.arange(0, self.hd, 2).float() / self.hd), persistent=False
        )

    def rope(self, x, cos, sin):
        a, b = x.chunk(2, -1)
        return x * cos + torch.cat([-b, a], -1) * sin

    def forward(self, x):
        bsz, t, _ = x.shape
        q = self.q_proj(x).view(bsz, t, self.h, self.hd).transpose(1, 2)
        k = self.k_proj(x).view(bsz, t, self.kv, self.hd).transpose(1, 2)
        v = self.v_proj(x).view(bsz, t, self.kv, self.hd).transpose(1, 2)
        pos = torch.arange(t, device=x.device).float()
        ang = torch.outer(pos, self.inv_freq).repeat(1, 2)
        q, k = self.rope(q, ang.cos(), ang.sin()), self.rope(k, ang.cos(), ang.sin())
        span = ATTN.getint("scaling_span")
        q = q * (1 + ATTN.getfloat("scaling_beta") * torch.log1p(torch.floor(pos / span)))[:, None]
        k = k.repeat_interleave(self.h // self.kv, 1)
        v = v.repeat_interleave(self.h // self.kv, 1)
        i = torch.arange(t, device=x.device)
        delta = i[:, None] - i[None, :]
        allowed = (delta >= 0) & (delta < ATTN.getint("window"))
        att = (q @ k.transpose(-1, -2)) / math.sqrt(self.hd)
        att = att.masked_fill(~allowed, float("-inf")).softmax(-1)
        return self.o_proj((att @ v).transpose(1, 2).reshape(bsz, t, -1))


class FeedForward(nn.Module):
    def __init__(self):
        super().__init__()
        d, f = MODEL.getint("width"), MODEL.getint("ffn")
        self.gate_proj = nn.Linear(d, f, bias=False)
        self.up_proj = nn.Linear(d, f, bias=False)
        self.down_proj = nn.Linear(f, d, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        d = MODEL.getint("width")
        self.input_layernorm = RMSNorm(d)
        self.self_attn = Attention()
        self.post_attention_layernorm = RMSNorm(d)
        self.mlp = FeedForward()

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x))
        return x + self.mlp(self.post_attention_layernorm(x))


class Ministral3(nn.Module):
    def __init__(self):
        super().__init__()
        d, vocab = MODEL.getint("width"), MODEL.getint("vocab")
        self.embed_tokens = nn.Embedding(vocab, d)
        self.layers = nn.ModuleList([Block() for _ in range(MODEL.getint("depth"))])
        self.norm = RMSNorm(d)
        self.lm_head = nn.Linear(d, vocab, bias=False)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for block in self.layers:
            x = block(x)
        return self.lm_head(self.norm(x))
