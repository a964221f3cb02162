"""InternLM3 with a bias on every projection (attention and MLP), Lightning-style: the constructor's keyword
defaults are the model size, and ``dict(locals())`` keeps them as ``self.hparams``."""

import torch
import torch.nn.functional as F
from torch import nn


class Norm(nn.Module):
    def __init__(self, n, eps=1e-5):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(n))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)


class Attn(nn.Module):
    def __init__(self, width, heads, kv_heads, head_dim):
        super().__init__()
        self.heads, self.kv_heads, self.head_dim = heads, kv_heads, head_dim
        self.q_proj = nn.Linear(width, heads * head_dim, bias=True)
        self.k_proj = nn.Linear(width, kv_heads * head_dim, bias=True)
        self.v_proj = nn.Linear(width, kv_heads * head_dim, bias=True)
        self.o_proj = nn.Linear(heads * head_dim, width, bias=True)

    def forward(self, x, theta):
        b, t, _ = x.shape
        q = self.q_proj(x).unflatten(-1, (self.heads, self.head_dim)).transpose(1, 2)
        k = self.k_proj(x).unflatten(-1, (self.kv_heads, self.head_dim)).transpose(1, 2)
        v = self.v_proj(x).unflatten(-1, (self.kv_heads, self.head_dim)).transpose(1, 2)
        half = self.head_dim // 2
        freq = theta ** (-torch.arange(half, device=x.device) / half)
        ang = torch.arange(t, device=x.device)[:, None] * freq[None]
        cos, sin = ang.cos().repeat(1, 2), ang.sin().repeat(1, 2)

        def rot(z):
            return z * cos + torch.cat((-z[..., half:], z[..., :half]), -1) * sin

        out = F.scaled_dot_product_attention(
            rot(q), rot(k), v, is_causal=True, enable_gqa=self.heads != self.kv_heads
        )
        return self.o_proj(out.transpose(1, 2).flatten(2))


class Layer(nn.Module):
    def __init__(self, hp):
        super().__init__()
        w = hp["width"]
        self.input_layernorm = Norm(w, hp["eps"])
        self.self_attn = Attn(w, hp["n_heads"], hp["n_kv_heads"], hp["head_dim"])
        self.post_attention_layernorm = Norm(w, hp["eps"])
        self.gate_proj = nn.Linear(w, hp["ffn"], bias=True)
        self.up_proj = nn.Linear(w, hp["ffn"], bias=True)
        self.down_proj = nn.Linear(hp["ffn"], w, bias=True)
        self.theta = hp["rope_base"]

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x), self.theta)
        h = self.post_attention_layernorm(x)
        return x + self.down_proj(F.silu(self.gate_proj(h)) * self.up_proj(h))


class InternLM3LM(nn.Module):
    def __init__(
        self,
        vocab=640,
        width=96,
        n_layers=3,
        n_heads=6,
        n_kv_heads=2,
        head_dim=16,
        ffn=256,
        eps=1e-5,
        rope_base=10000.0,
    ):
        super().__init__()
        self.hparams = dict(locals())
        self.hparams.pop("self")
        self.hparams.pop("__class__", None)
        hp = self.hparams
        self.embed = nn.Embedding(hp["vocab"], hp["width"])
        self.blocks = nn.ModuleList([Layer(hp) for _ in range(hp["n_layers"])])
        self.final_norm = Norm(hp["width"], hp["eps"])
        self.unembed = nn.Linear(hp["width"], hp["vocab"], bias=False)

    def forward(self, ids):
        x = self.embed(ids)
        for blk in self.blocks:
            x = blk(x)
        return self.unembed(self.final_norm(x))
