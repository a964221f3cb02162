"""Flint (tiny, dense layers only) with its configuration split into nested dataclasses: the
model args hold an attention args and an MLP args object, each made by
``field(default_factory=...)``. Attention has per-head sinks and q/k RMS norms; even layers are
global, odd layers see a sliding window."""

import math
from dataclasses import dataclass, field

import torch
import torch.nn.functional as F
from torch import nn


@dataclass
class AttnArgs:
    n_heads: int = 4
    n_kv_heads: int = 4
    head_dim: int = 16
    window: int = 64
    rope_theta: float = 10000.0


@dataclass
class MlpArgs:
    hidden: int = 192


@dataclass
class ModelArgs:
    vocab_size: int = 640
    dim: int = 64
    n_layers: int = 2
    norm_eps: float = 1e-6
    attn: AttnArgs = field(default_factory=AttnArgs)
    mlp: MlpArgs = field(default_factory=MlpArgs)


class SinkAttention(nn.Module):
    def __init__(self, dim, a: AttnArgs, eps, sliding):
        super().__init__()
        self.a, self.sliding = a, sliding
        self.q_proj = nn.Linear(dim, a.n_heads * a.head_dim, bias=False)
        self.k_proj = nn.Linear(dim, a.n_kv_heads * a.head_dim, bias=False)
        self.v_proj = nn.Linear(dim, a.n_kv_heads * a.head_dim, bias=False)
        self.o_proj = nn.Linear(a.n_heads * a.head_dim, dim, bias=False)
        self.q_norm = nn.RMSNorm(a.head_dim, eps=eps)
        self.k_norm = nn.RMSNorm(a.head_dim, eps=eps)
        self.sinks = nn.Parameter(torch.zeros(a.n_heads))

    def forward(self, x):
        a = self.a
        b, t, _ = x.shape
        q = self.q_norm(self.q_proj(x).view(b, t, a.n_heads, a.head_dim)).transpose(1, 2)
        k = self.k_norm(self.k_proj(x).view(b, t, a.n_kv_heads, a.head_dim)).transpose(1, 2)
        v = self.v_proj(x).view(b, t, a.n_kv_heads, a.head_dim).transpose(1, 2)
        rep = a.n_heads // a.n_kv_heads
        k, v = k.repeat_interleave(rep, 1), v.repeat_interleave(rep, 1)
        s = q @ k.transpose(-1, -2) / math.sqrt(a.head_dim)
        i = torch.arange(t, device=x.device)
        blocked = i[None, :] > i[:, None]
        if self.sliding:
            blocked = blocked | (i[:, None] - i[None, :] >= a.window)
        s = s.masked_fill(blocked, float("-inf"))
        sink = self.sinks.view(1, -1, 1, 1).expand(b, -1, t, 1)
        p = torch.cat([s, sink], -1).softmax(-1)[..., :-1]
        return self.o_proj((p @ v).transpose(1, 2).reshape(b, t, -1))


class FlintLayer(nn.Module):
    def __init__(self, args: ModelArgs, idx):
        super().__init__()
        self.input_layernorm = nn.RMSNorm(args.dim, eps=args.norm_eps)
        self.self_attn = SinkAttention(args.dim, args.attn, args.norm_eps, sliding=idx % 2 == 1)
        self.post_attention_layernorm = nn.RMSNorm(args.dim, eps=args.norm_eps)
        self.gate_proj = nn.Linear(args.dim, args.mlp.hidden, bias=False)
        self.up_proj = nn.Linear(args.dim, args.mlp.hidden, bias=False)
        self.down_proj = nn.Linear(args.mlp.hidden, args.dim, bias=False)

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x))
        h = self.post_attention_layernorm(x)
        return x + self.down_proj(F.silu(self.gate_proj(h)) * self.up_proj(h))


class Flint(nn.Module):
    def __init__(self, args: ModelArgs | None = None):
        super().__init__()
        args = args or ModelArgs()
        self.embed_tokens = nn.Embedding(args.vocab_size, args.dim)
        self.layers = nn.ModuleList(FlintLayer(args, i) for i in range(args.n_layers))
        self.norm = nn.RMSNorm(args.dim, eps=args.norm_eps)
        self.lm_head = nn.Linear(args.dim, args.vocab_size, bias=False)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm(x))
