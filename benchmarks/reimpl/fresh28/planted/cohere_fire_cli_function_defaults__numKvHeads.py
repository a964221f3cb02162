"""Cohere (Command-R) sized as a ``fire`` command line sizes it: the training entry point's keyword
defaults are Command-R's, ``fire.Fire(main)`` calls it with the flags of the run (``FLAGS``
here), and the function hands back its arguments (``dict(locals())``); the sizes become the class
attributes of a config object built with ``type(...)``. One bias-free LayerNorm feeding attention
and the MLP in parallel, rotary on interleaved pairs, grouped KV heads, the logits scaled by a
logit_scale and taken from the tied embedding."""

import torch
import torch.nn as nn
import torch.nn.functional as F


def main(
    vocab_size=256000,
    hidden=8192,
    layers=40,
    q_heads=64,
    kv_heads=64,
    ffn=22528,
    eps=1e-5,
    rope_theta=8000000.0,
    logit_scale=0.0625,
    lr=1e-4,
):
    return dict(locals())


# ``python train.py --vocab_size=960 --hidden=64 ...`` (``fire.Fire(main)``)
FLAGS = dict(
    vocab_size=960,
    hidden=64,
    layers=2,
    q_heads=4,
    kv_heads=1,
    ffn=192,
    rope_theta=10000.0,
    lr=3e-4,
)
_hp = main(**FLAGS)
_hp.pop("lr")
CohereArgs = type("CohereArgs", (), _hp)


class BiasFreeLayerNorm(nn.Module):
    def __init__(self, n, eps):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(n))

    def forward(self, x):
        mu = x.mean(-1, keepdim=True)
        var = (x - mu).pow(2).mean(-1, keepdim=True)
        return self.weight * (x - mu) * torch.rsqrt(var + self.eps)


def rope_interleaved(x, theta):
    t, hd = x.shape[-2], x.shape[-1]
    inv = 1.0 / theta ** (torch.arange(0, hd, 2).float() / hd)
    f = torch.outer(torch.arange(t).float(), inv).repeat_interleave(2, dim=-1)
    x1, x2 = x[..., ::2], x[..., 1::2]
    rot = torch.stack([-x2, x1], dim=-1).flatten(-2)
    return x * f.cos() + rot * f.sin()


class ParallelLayer(nn.Module):
    def __init__(self, a):
        super().__init__()
        self.a = a
        self.hd = a.hidden // a.q_heads
        self.norm = BiasFreeLayerNorm(a.hidden, a.eps)
        self.q = nn.Linear(a.hidden, a.q_heads * self.hd, bias=False)
        self.k = nn.Linear(a.hidden, a.kv_heads * self.hd, bias=False)
        self.v = nn.Linear(a.hidden, a.kv_heads * self.hd, bias=False)
        self.o = nn.Linear(a.q_heads * self.hd, a.hidden, bias=False)
        self.gate = nn.Linear(a.hidden, a.ffn, bias=False)
        self.up = nn.Linear(a.hidden, a.ffn, bias=False)
        self.down = nn.Linear(a.ffn, a.hidden, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        a, hd = self.a, self.hd
        h = self.norm(x)
        q = rope_interleaved(self.q(h).view(b, t, a.q_heads, hd).transpose(1, 2), a.rope_theta)
        k = rope_interleaved(self.k(h).view(b, t, a.kv_heads, hd).transpose(1, 2), a.rope_theta)
        v = self.v(h).view(b, t, a.kv_heads, hd).transpose(1, 2)
        g = a.q_heads // a.kv_heads
        k, v = k.repeat_interleave(g, dim=1), v.repeat_interleave(g, dim=1)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        attn = self.o(y.transpose(1, 2).reshape(b, t, -1))
        mlp = self.down(F.silu(self.gate(h)) * self.up(h))
        return x + attn + mlp


class Cohere(nn.Module):
    def __init__(self, a=CohereArgs):
        super().__init__()
        self.logit_scale = a.logit_scale
        self.embed_tokens = nn.Embedding(a.vocab_size, a.hidden)
        self.layers = nn.ModuleList([ParallelLayer(a) for _ in range(a.layers)])
        self.norm = BiasFreeLayerNorm(a.hidden, a.eps)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return F.linear(self.norm(x), self.embed_tokens.weight) * self.logit_scale
