"""Gemma 3 (text) whose config file is a Python expression the script ``eval``s (with only
``dict`` in scope): a layer schedule written ``"L" * 5 + "G"`` and the sizes, the two rotary
bases in a nested dict. Five local (sliding-window) layers for each global one, the schedule
repeated over the depth; local layers use the local rotary base and global ones the global;
per-head q/k RMSNorm; four ``(1 + w)`` RMSNorms per layer; embeddings scaled by sqrt(width);
the query scaled by ``query_pre_attn_scalar``; the head tied to the embedding."""

import math

import torch
import torch.nn.functional as F
from torch import nn

# gemma3_tiny.cfg (``eval(open(path).read(), {"dict": dict})``)
CONFIG_TEXT = """
dict(
    schedule="L" * 5 + "G",
    vocab=1024,
    width=64,
    ffn=256,
    depth=7,
    heads=4,
    kv_heads=1,
    head_dim=32,
    query_scalar=32,
    window=16,
    rope=dict(local=10_000.0, glob=1_000_000.0),
    eps=1e-6,
)
"""
CFG = eval(CONFIG_TEXT, {"__builtins__": {}, "dict": dict})

SCHEDULE = CFG["schedule"]
VOCAB = CFG["vocab"]
WIDTH = CFG["width"]
FFN = CFG["ffn"]
DEPTH = CFG["depth"]
HEADS, KV_HEADS, HEAD_DIM = CFG["heads"], CFG["kv_heads"], CFG["head_dim"]
QUERY_SCALAR = CFG["query_scalar"]
WINDOW = CFG["window"]
LOCAL_BASE, GLOBAL_BASE = CFG["rope"]["local"], CFG["rope"]["glob"]
EPS = CFG["eps"]

KINDS = (SCHEDULE * math.ceil(DEPTH / len(SCHEDULE)))[:DEPTH]


class RMSNorm(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.weight = nn.Parameter(torch.zeros(dim))

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + EPS) * (1.0 + self.weight)


def rotate(x, base):
    t, d = x.shape[-2], x.shape[-1]
    inv = base ** (-torch.arange(0, d, 2, device=x.device).float() / d)
    ang = torch.arange(t, device=x.device).float()[:, None] * inv
    cos, sin = torch.cat([ang.cos(), ang.cos()], -1), torch.cat([ang.sin(), ang.sin()], -1)
    return x * cos + torch.cat([-x[..., d // 2 :], x[..., : d // 2]], -1) * sin


class Layer(nn.Module):
    def __init__(self, kind):
        super().__init__()
        self.local = kind == "L"
        self.input_layernorm = RMSNorm(WIDTH)
        self.q_proj = nn.Linear(WIDTH, HEADS * HEAD_DIM, bias=False)
        self.k_proj = nn.Linear(WIDTH, KV_HEADS * HEAD_DIM, bias=False)
        self.v_proj = nn.Linear(WIDTH, KV_HEADS * HEAD_DIM, bias=False)
        self.o_proj = nn.Linear(HEADS * HEAD_DIM, WIDTH, bias=False)
        self.q_norm = RMSNorm(HEAD_DIM)
        self.k_norm = RMSNorm(HEAD_DIM)
        self.post_attention_layernorm = RMSNorm(WIDTH)
        self.pre_feedforward_layernorm = RMSNorm(WIDTH)
        self.gate_proj = nn.Linear(WIDTH, FFN, bias=False)
        self.up_proj = nn.Linear(WIDTH, FFN, bias=False)
        self.down_proj = nn.Linear(FFN, WIDTH, bias=False)
        self.post_feedforward_layernorm = RMSNorm(WIDTH)

    def attention(self, x):
        b, t, _ = x.shape
        base = LOCAL_BASE if self.local else GLOBAL_BASE
        q = rotate(self.q_norm(self.q_proj(x).view(b, t, HEADS, HEAD_DIM)).transpose(1, 2), base)
        k = rotate(self.k_norm(self.k_proj(x).view(b, t, KV_HEADS, HEAD_DIM)).transpose(1, 2), base)
        v = self.v_proj(x).view(b, t, KV_HEADS, HEAD_DIM).transpose(1, 2)
        i = torch.arange(t, device=x.device)
        keep = i[:, None] >= i[None, :]
        if self.local:
            keep &= i[:, None] - i[None, :] < WINDOW
        o = F.scaled_dot_product_attention(
            q, k, v, attn_mask=keep, scale=QUERY_SCALAR**-0.5, enable_gqa=True
        )
        return self.o_proj(o.transpose(1, 2).reshape(b, t, -1))

    def forward(self, x):
        x = x + self.post_attention_layernorm(self.attention(self.input_layernorm(x)))
        h = self.pre_feedforward_layernorm(x)
        h = self.down_proj(F.gelu(self.gate_proj(h), approximate="tanh") * self.up_proj(h))
        return x + self.post_feedforward_layernorm(h)


class Gemma3Text(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(VOCAB, WIDTH)
        self.layers = nn.ModuleList(Layer(kind) for kind in KINDS)
        self.norm = RMSNorm(WIDTH)

    def forward(self, ids):
        x = self.embed_tokens(ids) * torch.tensor(WIDTH**0.5)
        for layer in self.layers:
            x = layer(x)
        return self.norm(x) @ self.embed_tokens.weight.T
