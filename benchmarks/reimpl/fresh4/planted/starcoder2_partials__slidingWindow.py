"""StarCoder2: layer constructors bound with ``functools.partial`` (``Linear`` with bias,
``Norm`` with the epsilon), biased q/k/v/o and MLP, LayerNorm with bias, a sliding-window
mask on every layer, GQA through ``expand``, and logits from the embedding matrix."""

from functools import partial

import torch
import torch.nn as nn
import torch.nn.functional as F

WIDTH, DEPTH, HEADS, KV, FFN, VOCAB = 96, 2, 6, 2, 384, 1536
WINDOW = 64
THETA = 100000.0
Linear = partial(nn.Linear, bias=True)
Norm = partial(nn.LayerNorm, eps=1e-5)


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.hd = WIDTH // HEADS
        self.q_proj = Linear(WIDTH, HEADS * self.hd)
        self.k_proj = Linear(WIDTH, KV * self.hd)
        self.v_proj = Linear(WIDTH, KV * self.hd)
        self.o_proj = Linear(HEADS * self.hd, WIDTH)

    def forward(self, x, cos, sin):
        b, t, _ = x.shape
        q = self.q_proj(x).view(b, t, HEADS, self.hd).transpose(1, 2)
        k = self.k_proj(x).view(b, t, KV, self.hd).transpose(1, 2)
        v = self.v_proj(x).view(b, t, KV, self.hd).transpose(1, 2)
        n = self.hd // 2
        q = q * cos + torch.cat((-q[..., n:], q[..., :n]), -1) * sin
        k = k * cos + torch.cat((-k[..., n:], k[..., :n]), -1) * sin
        k = k[:, :, None].expand(-1, -1, HEADS // KV, -1, -1).flatten(1, 2)
        v = v[:, :, None].expand(-1, -1, HEADS // KV, -1, -1).flatten(1, 2)
        i = torch.arange(t)
        mask = (i[None] <= i[:, None]) & (i[:, None] - i[None] < WINDOW)
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=mask)
        return self.o_proj(y.transpose(1, 2).reshape(b, t, -1))


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.input_layernorm = Norm(WIDTH)
        self.self_attn = Attention()
        self.post_attention_layernorm = Norm(WIDTH)
        self.c_fc = Linear(WIDTH, FFN)
        self.c_proj = Linear(FFN, WIDTH)

    def forward(self, x, cos, sin):
        x = x + self.self_attn(self.input_layernorm(x), cos, sin)
        h = self.post_attention_layernorm(x)
        return x + self.c_proj(F.gelu(self.c_fc(h), approximate="tanh"))


class StarCoder2(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(VOCAB, WIDTH)
        self.layers = nn.ModuleList([Block() for _ in range(DEPTH)])
        self.norm = Norm(WIDTH)

    def forward(self, ids):
        hd = WIDTH // HEADS
        inv = 1.0 / THETA ** (torch.arange(0, hd, 2).float() / hd)
        f = torch.arange(ids.shape[1]).float()[:, None] * inv
        cos, sin = torch.cat((f, f), -1).cos(), torch.cat((f, f), -1).sin()
        x = self.embed_tokens(ids)
        for blk in self.layers:
            x = blk(x, cos, sin)
        return F.linear(self.norm(x), self.embed_tokens.weight)
