"""Mistral (tiny): the model takes its sizes as keyword arguments, and its defaults are the
fields of a dataclass expanded with ``dataclasses.asdict`` (callers override single keys)."""

from dataclasses import asdict, dataclass

import torch
import torch.nn.functional as F
from torch import nn


@dataclass
class MistralArgs:
    vocab_size: int = 640
    dim: int = 64
    n_layers: int = 3
    n_heads: int = 4
    n_kv_heads: int = 2
    head_dim: int = 16
    hidden_dim: int = 224
    sliding_window: int = 48
    norm_eps: float = 1e-5


class Attention(nn.Module):
    def __init__(self, dim, n_heads, n_kv_heads, head_dim, sliding_window, **_):
        super().__init__()
        self.n_heads, self.n_kv_heads, self.head_dim = n_heads, n_kv_heads, head_dim
        self.window = sliding_window
        self.wq = nn.Linear(dim, n_heads * head_dim, bias=False)
        self.wk = nn.Linear(dim, n_kv_heads * head_dim, bias=False)
        self.wv = nn.Linear(dim, n_kv_heads * head_dim, bias=False)
        self.wo = nn.Linear(n_heads * head_dim, dim, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.wq(x).view(b, t, self.n_heads, -1).transpose(1, 2)
        k = self.wk(x).view(b, t, self.n_kv_heads, -1).transpose(1, 2)
        v = self.wv(x).view(b, t, self.n_kv_heads, -1).transpose(1, 2)
        i = torch.arange(t, device=x.device)
        allowed = (i[None] <= i[:, None]) & (i[:, None] - i[None] < self.window)
        o = F.scaled_dot_product_attention(q, k, v, attn_mask=allowed, enable_gqa=True)
        return self.wo(o.transpose(1, 2).reshape(b, t, -1))


class Block(nn.Module):
    def __init__(self, **a):
        super().__init__()
        self.attention_norm = nn.RMSNorm(a["dim"], eps=a["norm_eps"])
        self.attention = Attention(**a)
        self.ffn_norm = nn.RMSNorm(a["dim"], eps=a["norm_eps"])
        self.w1 = nn.Linear(a["dim"], a["hidden_dim"], bias=False)
        self.w2 = nn.Linear(a["hidden_dim"], a["dim"], bias=False)
        self.w3 = nn.Linear(a["dim"], a["hidden_dim"], bias=False)

    def forward(self, x):
        x = x + self.attention(self.attention_norm(x))
        h = self.ffn_norm(x)
        return x + self.w2(F.silu(self.w1(h)) * self.w3(h))


class Mistral(nn.Module):
    def __init__(self, **overrides):
        super().__init__()
        a = {**asdict(MistralArgs()), **overrides}
        self.tok_embeddings = nn.Embedding(a["vocab_size"], a["dim"])
        self.layers = nn.ModuleList([Block(**a) for _ in range(a["n_layers"])])
        self.norm = nn.RMSNorm(a["dim"], eps=a["norm_eps"])
        self.output = nn.Linear(a["dim"], a["vocab_size"], bias=False)

    def forward(self, ids):
        h = self.tok_embeddings(ids)
        for layer in self.layers:
            h = layer(h)
        return self.output(self.norm(h))
