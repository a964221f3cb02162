"""StarCoder2: hyperparameters set one by one on a plain object in its __init__, blocks made
by map() over itertools.repeat, LayerNorm with biases, biased GQA projections, SDPA with a
sliding-window mask and enable_gqa, a GELU MLP (c_fc / c_proj), the head tied by F.linear."""

from itertools import repeat

import torch
import torch.nn as nn
import torch.nn.functional as F


class Hparams:
    def __init__(self):
        self.vocab = 800
        self.dim = 64
        self.ffn = 256
        self.layers = 2
        self.heads = 4
        self.kv_heads = 2
        self.eps = 1e-5
        self.window = 256
        self.base = 100000.0
        self.max_len = 512

    @property
    def head_dim(self):
        return self.dim // self.heads


HP = Hparams()


class Attention(nn.Module):
    def __init__(self, hp):
        super().__init__()
        self.hp = hp
        self.q_proj = nn.Linear(hp.dim, hp.heads * hp.head_dim, bias=True)
        self.k_proj = nn.Linear(hp.dim, hp.kv_heads * hp.head_dim, bias=True)
        self.v_proj = nn.Linear(hp.dim, hp.kv_heads * hp.head_dim, bias=True)
        self.o_proj = nn.Linear(hp.heads * hp.head_dim, hp.dim, bias=True)

    def forward(self, x, cos, sin):
        hp = self.hp
        b, t, _ = x.shape
        q = self.q_proj(x).view(b, t, -1, hp.head_dim).transpose(1, 2)
        k = self.k_proj(x).view(b, t, -1, hp.head_dim).transpose(1, 2)
        v = self.v_proj(x).view(b, t, -1, hp.head_dim).transpose(1, 2)
        h = hp.head_dim // 2
        q = q * cos[:t] + torch.cat([-q[..., h:], q[..., :h]], -1) * sin[:t]
        k = k * cos[:t] + torch.cat([-k[..., h:], k[..., :h]], -1) * sin[:t]
        i = torch.arange(t)
        mask = (i[None] <= i[:, None]) & (i[:, None] - i[None] < hp.window)
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=mask, enable_gqa=True)
        return self.o_proj(y.transpose(1, 2).reshape(b, t, -1))


class Block(nn.Module):
    def __init__(self, hp):
        super().__init__()
        self.input_layernorm = nn.LayerNorm(hp.dim, eps=hp.eps)
        self.self_attn = Attention(hp)
        self.post_attention_layernorm = nn.LayerNorm(hp.dim, eps=hp.eps)
        self.c_fc = nn.Linear(hp.dim, hp.ffn)
        self.c_proj = nn.Linear(hp.ffn, hp.dim)

    def forward(self, x, cos, sin):
        x = x + self.self_attn(self.input_layernorm(x), cos, sin)
        h = F.gelu(self.c_fc(self.post_attention_layernorm(x)), approximate="tanh")
        return x + self.c_proj(h)


class StarCoder2(nn.Module):
    def __init__(self, hp=HP):
        super().__init__()
        self.embed_tokens = nn.Embedding(hp.vocab, hp.dim)
        self.layers = nn.ModuleList(map(Block, repeat(hp, hp.layers)))
        self.norm = nn.LayerNorm(hp.dim, eps=hp.eps)
        inv = 1.0 / hp.base ** (torch.arange(0, hp.head_dim, 2).float() / hp.head_dim)
        f = torch.outer(torch.arange(hp.max_len).float(), inv)
        f = torch.cat([f, f], -1)
        self.register_buffer("cos", f.cos(), persistent=False)
        self.register_buffer("sin", f.sin(), persistent=False)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x, self.cos, self.sin)
        return F.linear(self.norm(x), self.embed_tokens.weight)
