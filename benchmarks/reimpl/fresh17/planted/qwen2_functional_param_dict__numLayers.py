"""Qwen2 written functionally: one flat nn.ParameterDict whose keys encode the layer, and pure
functions for the forward (no submodules at all)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

HP = dict(vocab=256, d=64, layers=3, heads=4, kv=2, ffn=144, theta=1000000.0, eps=1e-6)


def shapes(hp):
    hd = hp["d"] // hp["heads"]
    out = {"tok_emb": (hp["vocab"], hp["d"]), "norm_f": (hp["d"],)}
    for i in range(hp["layers"]):
        out.update(
            {
                f"l{i}_ln1": (hp["d"],),
                f"l{i}_wq": (hp["heads"] * hd, hp["d"]),
                f"l{i}_bq": (hp["heads"] * hd,),
                f"l{i}_wk": (hp["kv"] * hd, hp["d"]),
                f"l{i}_bk": (hp["kv"] * hd,),
                f"l{i}_wv": (hp["kv"] * hd, hp["d"]),
                f"l{i}_bv": (hp["kv"] * hd,),
                f"l{i}_wo": (hp["d"], hp["heads"] * hd),
                f"l{i}_ln2": (hp["d"],),
                f"l{i}_w1": (hp["ffn"], hp["d"]),
                f"l{i}_w3": (hp["ffn"], hp["d"]),
                f"l{i}_w2": (hp["d"], hp["ffn"]),
            }
        )
    return out


def rmsnorm(x, w, eps):
    return w * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps)


def rot(x, cos, sin):
    half = x.shape[-1] // 2
    return x * cos + torch.cat((-x[..., half:], x[..., :half]), -1) * sin


def attention(p, i, x, cos, sin, hp):
    B, T, _ = x.shape
    hd = hp["d"] // hp["heads"]
    q = F.linear(x, p[f"l{i}_wq"], p[f"l{i}_bq"]).view(B, T, hp["heads"], hd).transpose(1, 2)
    k = F.linear(x, p[f"l{i}_wk"], p[f"l{i}_bk"]).view(B, T, hp["kv"], hd).transpose(1, 2)
    v = F.linear(x, p[f"l{i}_wv"], p[f"l{i}_bv"]).view(B, T, hp["kv"], hd).transpose(1, 2)
    q, k = rot(q, cos, sin), rot(k, cos, sin)
    g = hp["heads"] // hp["kv"]
    o = F.scaled_dot_product_attention(
        q, k.repeat_interleave(g, 1), v.repeat_interleave(g, 1), is_causal=True
    )
    return F.linear(o.transpose(1, 2).reshape(B, T, -1), p[f"l{i}_wo"])


def model_fn(p, tokens, hp):
    T = tokens.shape[1]
    hd = hp["d"] // hp["heads"]
    inv = hp["theta"] ** (-torch.arange(0, hd, 2).float() / hd)
    f = torch.arange(T).float()[:, None] * inv
    f = torch.cat((f, f), -1)
    cos, sin = f.cos(), f.sin()
    x = p["tok_emb"][tokens]
    for i in range(hp["layers"]):
        x = x + attention(p, i, rmsnorm(x, p[f"l{i}_ln1"], hp["eps"]), cos, sin, hp)
        h = rmsnorm(x, p[f"l{i}_ln2"], hp["eps"])
        x = x + F.linear(
            F.silu(F.linear(h, p[f"l{i}_w1"])) * F.linear(h, p[f"l{i}_w3"]), p[f"l{i}_w2"]
        )
    x = rmsnorm(x, p["norm_f"], hp["eps"])
    return x @ p["tok_emb"].T  # the output head shares the embedding


class FunctionalQwen2(nn.Module):
    def __init__(self, hp=HP):
        super().__init__()
        self.hp = hp
        self.params = nn.ParameterDict(
            {k: nn.Parameter(torch.randn(s) * 0.02) for k, s in shapes(hp).items()}
        )

    def forward(self, tokens):
        return model_fn(self.params, tokens, self.hp)
