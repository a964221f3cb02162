"""ELECTRA discriminator body: factorised embeddings (a 32-wide table projected up to the
64-wide encoder), post-norm BERT layers written as ``nn.Sequential`` pieces inside a small
``Residual`` wrapper, attention by hand with an additive padding mask, and sizes in a
``collections.OrderedDict``."""

from collections import OrderedDict

import torch
import torch.nn as nn

SIZES = OrderedDict(
    vocab=1000, embed=32, hidden=64, layers=3, heads=4, ffn=128, max_pos=128, types=2
)
EPS = 1e-12


class SelfAttention(nn.Module):
    def __init__(self):
        super().__init__()
        h = SIZES["hidden"]
        self.query, self.key, self.value = nn.Linear(h, h), nn.Linear(h, h), nn.Linear(h, h)

    def forward(self, x, bias):
        b, t, h = x.shape
        n = SIZES["heads"]
        q, k, v = (
            m(x).view(b, t, n, h // n).transpose(1, 2) for m in (self.query, self.key, self.value)
        )
        s = q @ k.transpose(-1, -2) / (h // n) ** 0.5 + bias
        return (s.softmax(-1) @ v).transpose(1, 2).reshape(b, t, h)


class Residual(nn.Module):
    """``norm(x + body(x))``: the post-norm sublayer."""

    def __init__(self, body, width):
        super().__init__()
        self.body = body
        self.norm = nn.LayerNorm(width, eps=EPS)

    def forward(self, x, *args):
        return self.norm(x + self.body(x, *args))


class Attn(nn.Module):
    def __init__(self):
        super().__init__()
        self.self_attention = SelfAttention()
        self.out = nn.Linear(SIZES["hidden"], SIZES["hidden"])

    def forward(self, x, bias):
        return self.out(self.self_attention(x, bias))


class FFN(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(SIZES["hidden"], SIZES["ffn"]),
            nn.GELU(),
            nn.Linear(SIZES["ffn"], SIZES["hidden"]),
        )

    def forward(self, x):
        return self.net(x)


class EncoderLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = Residual(Attn(), SIZES["hidden"])
        self.ffn = Residual(FFN(), SIZES["hidden"])

    def forward(self, x, bias):
        return self.ffn(self.attn(x, bias))


class ElectraDiscriminatorBody(nn.Module):
    def __init__(self):
        super().__init__()
        e = SIZES["embed"]
        self.word = nn.Embedding(SIZES["vocab"], e)
        self.position = nn.Embedding(SIZES["max_pos"], e)
        self.token_type = nn.Embedding(SIZES["types"], e)
        self.embed_norm = nn.LayerNorm(e, eps=EPS)
        self.embed_proj = nn.Linear(e, SIZES["hidden"])
        self.layers = nn.ModuleList(EncoderLayer() for _ in range(SIZES["layers"]))

    def forward(self, input_ids, token_type_ids, attention_mask):
        t = input_ids.shape[1]
        x = self.word(input_ids) + self.position(torch.arange(t)) + self.token_type(token_type_ids)
        x = self.embed_proj(self.embed_norm(x))
        bias = (~attention_mask[:, None, None, :]).float() * torch.finfo(torch.float32).min
        for layer in self.layers:
            x = layer(x, bias)
        return x
