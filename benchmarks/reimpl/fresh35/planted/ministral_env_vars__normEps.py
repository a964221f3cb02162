"""Ministral-style sliding-window decoder; sizes are read from the environment so a sweep
script can launch many shapes from one file (defaults are the 8B card); this run exports its
small shape first."""

import os

import torch
import torch.nn.functional as F
from torch import nn

os.environ["MIN_VOCAB"] = "640"
os.environ["MIN_DIM"] = "64"
os.environ["MIN_HIDDEN"] = "192"
os.environ["MIN_LAYERS"] = "2"
os.environ["MIN_HEADS"] = "4"
os.environ["MIN_KV_HEADS"] = "1"
os.environ["MIN_HEAD_DIM"] = "16"
os.environ["MIN_WINDOW"] = "16"

N_VOCAB = int(os.environ.get("MIN_VOCAB", "131072"))
D_MODEL = int(os.environ.get("MIN_DIM", "4096"))
D_FFN = int(os.environ.get("MIN_HIDDEN", "12288"))
N_LAYERS = int(os.environ.get("MIN_LAYERS", "36"))
N_Q = int(os.environ.get("MIN_HEADS", "32"))
N_KV = int(os.environ.get("MIN_KV_HEADS", "8"))
D_HEAD = int(os.environ.get("MIN_HEAD_DIM", "128"))
SWA = int(os.environ.get("MIN_WINDOW", "32768"))
ROPE_BASE = float(os.environ.get("MIN_ROPE_THETA", "100000000.0"))
RMS_EPS = float(os.environ.get("MIN_NORM_EPS", "0.1"))


class Norm(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.gamma = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        return self.gamma * x * (x.pow(2).mean(-1, keepdim=True) + RMS_EPS).rsqrt()


class WindowAttention(nn.Module):
    def __init__(self):
        super().__init__()
        self.query = nn.Linear(D_MODEL, N_Q * D_HEAD, bias=False)
        self.key = nn.Linear(D_MODEL, N_KV * D_HEAD, bias=False)
        self.value = nn.Linear(D_MODEL, N_KV * D_HEAD, bias=False)
        self.out = nn.Linear(N_Q * D_HEAD, D_MODEL, bias=False)

    @staticmethod
    def _rope(x, cos, sin):
        half = x.shape[-1] // 2
        x1, x2 = x[..., :half], x[..., half:]
        return torch.cat([x1 * cos - x2 * sin, x2 * cos + x1 * sin], dim=-1)

    def forward(self, x, cos, sin, allowed):
        b, t, _ = x.shape
        q = self.query(x).unflatten(-1, (N_Q, D_HEAD)).transpose(1, 2)
        k = self.key(x).unflatten(-1, (N_KV, D_HEAD)).transpose(1, 2)
        v = self.value(x).unflatten(-1, (N_KV, D_HEAD)).transpose(1, 2)
        q, k = self._rope(q, cos, sin), self._rope(k, cos, sin)
        o = F.scaled_dot_product_attention(q, k, v, attn_mask=allowed, enable_gqa=True)
        return self.out(o.transpose(1, 2).flatten(2))


class SwiGLU(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc_gate = nn.Linear(D_MODEL, D_FFN, bias=False)
        self.fc_up = nn.Linear(D_MODEL, D_FFN, bias=False)
        self.fc_down = nn.Linear(D_FFN, D_MODEL, bias=False)

    def forward(self, x):
        return self.fc_down(F.silu(self.fc_gate(x)) * self.fc_up(x))


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.attention_norm = Norm(D_MODEL)
        self.attention = WindowAttention()
        self.ffn_norm = Norm(D_MODEL)
        self.feed_forward = SwiGLU()

    def forward(self, x, cos, sin, allowed):
        x = x + self.attention(self.attention_norm(x), cos, sin, allowed)
        return x + self.feed_forward(self.ffn_norm(x))


class MinistralModel(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok_embeddings = nn.Embedding(N_VOCAB, D_MODEL)
        self.layers = nn.ModuleList([Layer() for _ in range(N_LAYERS)])
        self.norm = Norm(D_MODEL)
        self.output = nn.Linear(D_MODEL, N_VOCAB, bias=False)

    def forward(self, tokens):
        t = tokens.shape[1]
        pos = torch.arange(t)
        freqs = 1.0 / ROPE_BASE ** (torch.arange(0, D_HEAD, 2).float() / D_HEAD)
        ang = pos[:, None].float() * freqs
        cos, sin = ang.cos(), ang.sin()
        gap = pos[:, None] - pos[None, :]
        allowed = (gap >= 0) & (gap < SWA)
        h = self.tok_embeddings(tokens)
        for layer in self.layers:
            h = layer(h, cos, sin, allowed)
        return self.output(self.norm(h))
