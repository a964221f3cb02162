"""Mixtral: blocks are looked up in a registry filled by a decorator and built by a factory
from a flat dict of hyperparameters; each expert its own small module, a top-k softmax router,
attention by SDPA after repeat_kv."""

import torch
import torch.nn as nn
import torch.nn.functional as F

HPARAMS = {
    "vocab": 600,
    "d_model": 64,
    "n_layers": 2,
    "n_heads": 4,
    "n_kv_heads": 2,
    "d_ff": 112,
    "n_experts": 6,
    "top_k": 3,
    "eps": 1e-5,
    "rope_theta": 1000000.0,
    "max_len": 256,
}

REGISTRY: dict[str, type] = {}


def register(name):
    def wrap(cls):
        REGISTRY[name] = cls
        return cls

    return wrap


def build(name, **kw):
    return REGISTRY[name](**kw)


@register("rmsnorm")
class RMSNorm(nn.Module):
    def __init__(self, d_model, eps, **_):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(d_model))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)


@register("expert")
class Expert(nn.Module):
    def __init__(self, d_model, d_ff, **_):
        super().__init__()
        self.w1 = nn.Linear(d_model, d_ff, bias=False)
        self.w2 = nn.Linear(d_ff, d_model, bias=False)
        self.w3 = nn.Linear(d_model, d_ff, bias=False)

    def forward(self, x):
        return self.w2(F.silu(self.w1(x)) * self.w3(x))


@register("moe")
class SparseMoE(nn.Module):
    def __init__(self, d_model, n_experts, top_k, **kw):
        super().__init__()
        self.top_k = top_k
        self.gate = nn.Linear(d_model, n_experts, bias=False)
        self.experts = nn.ModuleList(build("expert", d_model=d_model, **kw) for _ in range(n_experts))

    def forward(self, x):
        shape = x.shape
        x = x.reshape(-1, shape[-1])
        probs = self.gate(x).softmax(-1)
        w, idx = probs.topk(self.top_k, dim=-1)
        w = w / w.sum(-1, keepdim=True)
        out = torch.zeros_like(x)
        for e, expert in enumerate(self.experts):
            rows, slot = (idx == e).nonzero(as_tuple=True)
            if rows.numel():
                out[rows] += w[rows, slot, None] * expert(x[rows])
        return out.view(shape)


@register("attention")
class GQAttention(nn.Module):
    def __init__(self, d_model, n_heads, n_kv_heads, **_):
        super().__init__()
        self.h, self.kv = n_heads, n_kv_heads
        self.hd = d_model // n_heads
        self.wq = nn.Linear(d_model, n_heads * self.hd, bias=False)
        self.wk = nn.Linear(d_model, n_kv_heads * self.hd, bias=False)
        self.wv = nn.Linear(d_model, n_kv_heads * self.hd, bias=False)
        self.wo = nn.Linear(n_heads * self.hd, d_model, bias=False)

    def forward(self, x, cos, sin):
        b, t, _ = x.shape
        q = self.wq(x).view(b, t, self.h, self.hd).transpose(1, 2)
        k = self.wk(x).view(b, t, self.kv, self.hd).transpose(1, 2)
        v = self.wv(x).view(b, t, self.kv, self.hd).transpose(1, 2)
        half = self.hd // 2
        q = q * cos[:t] + torch.cat([-q[..., half:], q[..., :half]], -1) * sin[:t]
        k = k * cos[:t] + torch.cat([-k[..., half:], k[..., :half]], -1) * sin[:t]
        rep = self.h // self.kv
        k = k[:, :, None].expand(-1, -1, rep, -1, -1).flatten(1, 2)
        v = v[:, :, None].expand(-1, -1, rep, -1, -1).flatten(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.wo(y.transpose(1, 2).reshape(b, t, -1))


@register("block")
class Block(nn.Module):
    def __init__(self, **hp):
        super().__init__()
        self.attn_norm = build("rmsnorm", **hp)
        self.attn = build("attention", **hp)
        self.moe_norm = build("rmsnorm", **hp)
        self.moe = build("moe", **hp)

    def forward(self, x, cos, sin):
        x = x + self.attn(self.attn_norm(x), cos, sin)
        return x + self.moe(self.moe_norm(x))


class MixtralModel(nn.Module):
    def __init__(self, hp: dict = HPARAMS):
        super().__init__()
        self.embed = nn.Embedding(hp["vocab"], hp["d_model"])
        self.blocks = nn.ModuleList(build("block", **hp) for _ in range(hp["n_layers"]))
        self.norm = build("rmsnorm", **hp)
        self.head = nn.Linear(hp["d_model"], hp["vocab"], bias=False)
        hd = hp["d_model"] // hp["n_heads"]
        inv = 1.0 / hp["rope_theta"] ** (torch.arange(0, hd, 2).float() / hd)
        f = torch.outer(torch.arange(hp["max_len"]).float(), inv).repeat(1, 2)
        self.register_buffer("cos", f.cos(), persistent=False)
        self.register_buffer("sin", f.sin(), persistent=False)

    def forward(self, ids):
        x = self.embed(ids)
        for blk in self.blocks:
            x = blk(x, self.cos, self.sin)
        return self.head(self.norm(x))
