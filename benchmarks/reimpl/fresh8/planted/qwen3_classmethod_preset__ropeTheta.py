"""A Qwen3 (QK-norm per head, explicit head_dim, tied embeddings) whose sizes come from a
``@classmethod`` constructor reading a class-level preset table: ``Qwen3.from_preset("0.6b")``
for the real thing; the bare constructor builds the debug preset."""

import torch
import torch.nn as nn
import torch.nn.functional as F


class Layer(nn.Module):
    def __init__(self, d, heads, kv, head_dim, ff, eps):
        super().__init__()
        self.heads, self.kv, self.head_dim = heads, kv, head_dim
        self.input_layernorm = nn.RMSNorm(d, eps=eps)
        self.q_proj = nn.Linear(d, heads * head_dim, bias=False)
        self.k_proj = nn.Linear(d, kv * head_dim, bias=False)
        self.v_proj = nn.Linear(d, kv * head_dim, bias=False)
        self.o_proj = nn.Linear(heads * head_dim, d, bias=False)
        self.q_norm = nn.RMSNorm(head_dim, eps=eps)
        self.k_norm = nn.RMSNorm(head_dim, eps=eps)
        self.post_attention_layernorm = nn.RMSNorm(d, eps=eps)
        self.gate_proj = nn.Linear(d, ff, bias=False)
        self.up_proj = nn.Linear(d, ff, bias=False)
        self.down_proj = nn.Linear(ff, d, bias=False)

    def forward(self, x, cos, sin):
        b, t, _ = x.shape
        h = self.input_layernorm(x)
        q = self.q_norm(self.q_proj(h).view(b, t, self.heads, -1)).transpose(1, 2)
        k = self.k_norm(self.k_proj(h).view(b, t, self.kv, -1)).transpose(1, 2)
        v = self.v_proj(h).view(b, t, self.kv, -1).transpose(1, 2)
        half = self.head_dim // 2
        q = q * cos + torch.cat((-q[..., half:], q[..., :half]), -1) * sin
        k = k * cos + torch.cat((-k[..., half:], k[..., :half]), -1) * sin
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.o_proj(y.transpose(1, 2).reshape(b, t, -1))
        h = self.post_attention_layernorm(x)
        return x + self.down_proj(F.silu(self.gate_proj(h)) * self.up_proj(h))


class Qwen3(nn.Module):
    PRESETS = {
        "debug": (1024, 64, 2, 4, 2, 32, 160, 1e-6, 10000.0),
        "0.6b": (151936, 1024, 28, 16, 8, 128, 3072, 1e-6, 1000000.0),
    }

    @classmethod
    def from_preset(cls, name: str) -> "Qwen3":
        return cls(*cls.PRESETS[name])

    def __init__(
        self,
        vocab=None,
        d=None,
        layers=None,
        heads=None,
        kv=None,
        head_dim=None,
        ff=None,
        eps=None,
        theta=None,
    ):
        super().__init__()
        if vocab is None:
            vocab, d, layers, heads, kv, head_dim, ff, eps, theta = self.PRESETS["debug"]
        self.theta, self.head_dim = theta, head_dim
        self.embed_tokens = nn.Embedding(vocab, d)
        self.layers = nn.ModuleList(Layer(d, heads, kv, head_dim, ff, eps) for _ in range(layers))
        self.norm = nn.RMSNorm(d, eps=eps)

    def forward(self, ids):
        inv = self.theta ** (-torch.arange(0, self.head_dim, 2).float() / self.head_dim)
        a = torch.outer(torch.arange(ids.shape[1]).float(), inv).repeat(1, 2)
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x, a.cos(), a.sin())
        return self.norm(x) @ self.embed_tokens.weight.T
