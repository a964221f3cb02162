"""CWM (Code World Model) style decoder: Llama blocks where layer 0, 4, 8, ... attend
globally and the others through a sliding window. Settings: an attribute-access dict."""

import torch
import torch.nn.functional as F
from torch import nn


class AttrDict(dict):
    __getattr__ = dict.__getitem__


H = AttrDict(
    vocab=816,
    dim=64,
    hidden=224,
    n_layers=4,
    n_heads=8,
    n_kv_heads=2,
    head_dim=16,
    window=24,
    global_every=4,
    theta=1000000.0,
    norm_eps=1e-5,
)


class RMSNorm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + H.norm_eps) * self.weight


def apply_rope(t, cos, sin):
    t1, t2 = t[..., : H.head_dim // 2], t[..., H.head_dim // 2 :]
    return torch.cat((t1 * cos - t2 * sin, t2 * cos + t1 * sin), dim=-1)


class Attention(nn.Module):
    def __init__(self, layer_id):
        super().__init__()
        self.sliding = layer_id % H.global_every != 0
        self.wq = nn.Linear(H.dim, H.n_heads * H.head_dim, bias=False)
        self.wk = nn.Linear(H.dim, H.n_kv_heads * H.head_dim, bias=False)
        self.wv = nn.Linear(H.dim, H.n_kv_heads * H.head_dim, bias=False)
        self.wo = nn.Linear(H.n_heads * H.head_dim, H.dim, bias=False)

    def forward(self, x, cos, sin):
        bsz, L, _ = x.shape
        rep = H.n_heads // H.n_kv_heads
        q = self.wq(x).unflatten(-1, (H.n_heads, H.head_dim)).transpose(1, 2)
        k = self.wk(x).unflatten(-1, (H.n_kv_heads, H.head_dim)).transpose(1, 2)
        v = self.wv(x).unflatten(-1, (H.n_kv_heads, H.head_dim)).transpose(1, 2)
        q, k = apply_rope(q, cos, sin), apply_rope(k, cos, sin)
        k = k[:, :, None].expand(-1, -1, rep, -1, -1).reshape(bsz, H.n_heads, L, H.head_dim)
        v = v[:, :, None].expand(-1, -1, rep, -1, -1).reshape(bsz, H.n_heads, L, H.head_dim)
        gap = torch.arange(L)[:, None] - torch.arange(L)[None, :]
        mask = gap >= 0
        if self.sliding:
            mask = mask & (gap < H.window)
        out = F.scaled_dot_product_attention(q, k, v, attn_mask=mask)
        return self.wo(out.transpose(1, 2).reshape(bsz, L, -1))


class FeedForward(nn.Module):
    def __init__(self):
        super().__init__()
        self.w1 = nn.Linear(H.dim, H.hidden, bias=False)
        self.w2 = nn.Linear(H.hidden, H.dim, bias=False)
        self.w3 = nn.Linear(H.dim, H.hidden, bias=False)

    def forward(self, x):
        return self.w2(F.silu(self.w1(x)) * self.w3(x))


class TransformerBlock(nn.Module):
    def __init__(self, layer_id):
        super().__init__()
        self.attention_norm = RMSNorm(H.dim)
        self.attention = Attention(layer_id)
        self.ffn_norm = RMSNorm(H.dim)
        self.feed_forward = FeedForward()

    def forward(self, x, cos, sin):
        h = x + self.attention(self.attention_norm(x), cos, sin)
        return h + self.feed_forward(self.ffn_norm(h))


class CWM(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok_embeddings = nn.Embedding(H.vocab, H.dim)
        self.layers = nn.ModuleList(TransformerBlock(i) for i in range(H.n_layers))
        self.norm = RMSNorm(H.dim)
        self.output = nn.Linear(H.dim, H.vocab, bias=False)

    def forward(self, tokens):
        freqs = H.theta ** (-torch.arange(0, H.head_dim, 2).float() / H.head_dim)
        ang = torch.arange(tokens.shape[1]).float()[:, None] * freqs[None, :]
        cos, sin = ang.cos(), ang.sin()
        h = self.tok_embeddings(tokens)
        for layer in self.layers:
            h = layer(h, cos, sin)
        return self.output(self.norm(h))
