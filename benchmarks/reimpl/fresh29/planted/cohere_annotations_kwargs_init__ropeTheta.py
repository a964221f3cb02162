"""Cohere Command-R with a hyper-parameter class written by hand: annotated class attributes are
the defaults (Command-R's), the constructor walks ``type(self).__annotations__`` taking each
from the keywords or the class, and rejects unknown ones; the model reads nested classes
(``Config.Attention.heads``) filled from it. One LayerNorm (mean-centred, no bias) feeding
attention and MLP in parallel, rotary applied to interleaved pairs, SwiGLU, a logit scale, the
head tied to the embeddings."""

import torch
import torch.nn.functional as F
from torch import nn


class Hyper:
    vocab: int = 256000
    hidden: int = 8192
    layers: int = 40
    heads: int = 64
    kv_heads: int = 64
    ffn: int = 22528
    eps: float = 1e-5
    rope_theta: float = 10000.0
    logit_scale: float = 0.0625

    def __init__(self, **overrides):
        for name in type(self).__annotations__:
            setattr(self, name, overrides.pop(name, getattr(type(self), name)))
        if overrides:
            raise TypeError(f"unknown hyper-parameters: {sorted(overrides)}")


HP = Hyper(
    vocab=656,
    hidden=64,
    layers=2,
    heads=4,
    kv_heads=2,
    ffn=176,
)


class Config:
    vocab = HP.vocab
    hidden = HP.hidden
    layers = HP.layers
    eps = HP.eps
    logit_scale = HP.logit_scale

    class Attention:
        heads = HP.heads
        kv_heads = HP.kv_heads
        rope_theta = HP.rope_theta

    class MLP:
        hidden = HP.ffn


class CohereLayerNorm(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(Config.hidden))

    def forward(self, x):
        x = x - x.mean(-1, keepdim=True)
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + Config.eps)


def rotate_pairs(x, cos, sin):
    x1, x2 = x[..., ::2], x[..., 1::2]
    return x * cos + torch.stack((-x2, x1), -1).flatten(-2) * sin


class CohereLayer(nn.Module):
    def __init__(self):
        super().__init__()
        A, d = Config.Attention, Config.hidden
        self.hd = d // A.heads
        self.input_layernorm = CohereLayerNorm()
        self.q_proj = nn.Linear(d, A.heads * self.hd, bias=False)
        self.k_proj = nn.Linear(d, A.kv_heads * self.hd, bias=False)
        self.v_proj = nn.Linear(d, A.kv_heads * self.hd, bias=False)
        self.o_proj = nn.Linear(A.heads * self.hd, d, bias=False)
        self.gate_proj = nn.Linear(d, Config.MLP.hidden, bias=False)
        self.up_proj = nn.Linear(d, Config.MLP.hidden, bias=False)
        self.down_proj = nn.Linear(Config.MLP.hidden, d, bias=False)

    def forward(self, x, cos, sin):
        b, t, _ = x.shape
        h = self.input_layernorm(x)
        q = rotate_pairs(self.q_proj(h).view(b, t, -1, self.hd).transpose(1, 2), cos, sin)
        k = rotate_pairs(self.k_proj(h).view(b, t, -1, self.hd).transpose(1, 2), cos, sin)
        v = self.v_proj(h).view(b, t, -1, self.hd).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        attn = self.o_proj(o.transpose(1, 2).reshape(b, t, -1))
        mlp = self.down_proj(F.silu(self.gate_proj(h)) * self.up_proj(h))
        return x + attn + mlp


class CommandR(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(Config.vocab, Config.hidden)
        self.layers = nn.ModuleList(CohereLayer() for _ in range(Config.layers))
        self.norm = CohereLayerNorm()

    def forward(self, ids):
        hd = Config.hidden // Config.Attention.heads
        inv = 1.0 / Config.Attention.rope_theta ** (torch.arange(0, hd, 2).float() / hd)
        ang = torch.arange(ids.shape[1]).float()[:, None] * inv
        ang = ang.repeat_interleave(2, dim=-1)
        cos, sin = ang.cos(), ang.sin()
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x, cos, sin)
        return (self.norm(x) @ self.embed_tokens.weight.T) * Config.logit_scale
