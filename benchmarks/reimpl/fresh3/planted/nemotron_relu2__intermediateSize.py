"""Nemotron: LayerNorm1P (a LayerNorm whose weight is stored as an offset from 1), a
non-gated squared-ReLU MLP, rotary on half of each head, grouped KV heads via
``expand`` + ``flatten``, no biases in the projections, and an untied head. The settings are
a frozen dataclass built from a dict of overrides with ``dataclasses.replace``."""

import dataclasses

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclasses.dataclass(frozen=True)
class NemoArgs:
    vocab: int = 256000
    hidden: int = 4096
    layers: int = 32
    heads: int = 32
    kv_heads: int = 8
    ffn: int = 16384
    eps: float = 1e-5
    rotary_pct: float = 0.5
    rope_base: float = 10000.0


TINY = dataclasses.replace(NemoArgs(), vocab=768, hidden=64, layers=2, heads=4, kv_heads=2, ffn=320)


class LayerNorm1P(nn.LayerNorm):
    def __init__(self, n, eps):
        super().__init__(n, eps=eps)
        nn.init.zeros_(self.weight)

    def forward(self, x):
        return F.layer_norm(x, self.normalized_shape, self.weight + 1, self.bias, self.eps)


class Attn(nn.Module):
    def __init__(self, a: NemoArgs):
        super().__init__()
        self.a = a
        self.hd = a.hidden // a.heads
        self.q_proj = nn.Linear(a.hidden, a.heads * self.hd, bias=False)
        self.k_proj = nn.Linear(a.hidden, a.kv_heads * self.hd, bias=False)
        self.v_proj = nn.Linear(a.hidden, a.kv_heads * self.hd, bias=False)
        self.o_proj = nn.Linear(a.heads * self.hd, a.hidden, bias=False)

    def forward(self, x):
        a, hd = self.a, self.hd
        b, t, _ = x.shape
        q = self.q_proj(x).view(b, t, a.heads, hd).transpose(1, 2)
        k = self.k_proj(x).view(b, t, a.kv_heads, hd).transpose(1, 2)
        v = self.v_proj(x).view(b, t, a.kv_heads, hd).transpose(1, 2)
        r = int(hd * a.rotary_pct)
        inv = 1.0 / a.rope_base ** (torch.arange(0, r, 2).float() / r)
        f = torch.outer(torch.arange(t).float(), inv).repeat(1, 2)

        def rope(z):
            zr = z[..., :r]
            zr = zr * f.cos() + torch.cat([-zr[..., r // 2 :], zr[..., : r // 2]], -1) * f.sin()
            return torch.cat([zr, z[..., r:]], -1)

        q, k = rope(q), rope(k)
        g = a.heads // a.kv_heads
        k = k[:, :, None].expand(-1, -1, g, -1, -1).flatten(1, 2)
        v = v[:, :, None].expand(-1, -1, g, -1, -1).flatten(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.o_proj(y.transpose(1, 2).reshape(b, t, -1))


class NemoLayer(nn.Module):
    def __init__(self, a: NemoArgs):
        super().__init__()
        self.input_layernorm = LayerNorm1P(a.hidden, a.eps)
        self.self_attn = Attn(a)
        self.post_attention_layernorm = LayerNorm1P(a.hidden, a.eps)
        self.up_proj = nn.Linear(a.hidden, a.ffn, bias=False)
        self.down_proj = nn.Linear(a.ffn, a.hidden, bias=False)

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x))
        return x + self.down_proj(F.relu(self.up_proj(self.post_attention_layernorm(x))) ** 2)


class Nemotron(nn.Module):
    def __init__(self, a: NemoArgs = TINY):
        super().__init__()
        self.embed_tokens = nn.Embedding(a.vocab, a.hidden)
        self.layers = nn.ModuleList([NemoLayer(a) for _ in range(a.layers)])
        self.norm = LayerNorm1P(a.hidden, a.eps)
        self.lm_head = nn.Linear(a.hidden, a.vocab, bias=False)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm(x))
