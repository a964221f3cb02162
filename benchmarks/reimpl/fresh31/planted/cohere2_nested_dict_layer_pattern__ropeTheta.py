"""Cohere 2 port: a Hydra-style configuration written as a plain nested dict (``model`` /
``trainer`` groups), the layer kinds expanded from a repeated block with
``itertools.chain.from_iterable`` (the depth is their count, the global period the first full
layer's position); parallel blocks, a mean-centred bias-free LayerNorm, tied scaled logits."""

from itertools import chain

import torch
import torch.nn as nn
import torch.nn.functional as F

CONF = {
    "model": {
        "vocab": 1000,
        "hidden": 128,
        "attention": {
            "heads": 8,
            "kv_heads": 2,
            "window": 32,
            "rope_base": 10000.0,
        },
        "mlp": {"ffn": 320},
        "norm": {"eps": 1.0e-5},
        "logit_scale": 0.25,
        "pattern": {
            "block": ["sliding", "sliding", "sliding", "full"],
            "repeat": 1,
        },
    },
    "trainer": {"max_steps": 1000, "precision": "bf16-mixed", "devices": 8},
}
MODEL = CONF["model"]
LAYER_KINDS = list(chain.from_iterable([MODEL["pattern"]["block"]] * MODEL["pattern"]["repeat"]))

HIDDEN = MODEL["hidden"]
LAYERS = len(LAYER_KINDS)
HEADS = MODEL["attention"]["heads"]
KV_HEADS = MODEL["attention"]["kv_heads"]
FFN = MODEL["mlp"]["ffn"]
VOCAB = MODEL["vocab"]
WINDOW = MODEL["attention"]["window"]
GLOBAL_EVERY = LAYER_KINDS.index("full") + 1
ROPE_BASE = MODEL["attention"]["rope_base"]
LN_EPS = MODEL["norm"]["eps"]
LOGIT_SCALE = MODEL["logit_scale"]


class LayerNormNoBias(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(n))

    def forward(self, x):
        x = x - x.mean(-1, keepdim=True)
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + LN_EPS)


def make_layer():
    hd = HIDDEN // HEADS
    return nn.ModuleDict(
        {
            "norm": LayerNormNoBias(HIDDEN),
            "q": nn.Linear(HIDDEN, HEADS * hd, bias=False),
            "k": nn.Linear(HIDDEN, KV_HEADS * hd, bias=False),
            "v": nn.Linear(HIDDEN, KV_HEADS * hd, bias=False),
            "o": nn.Linear(HEADS * hd, HIDDEN, bias=False),
            "gate": nn.Linear(HIDDEN, FFN, bias=False),
            "up": nn.Linear(HIDDEN, FFN, bias=False),
            "down": nn.Linear(FFN, HIDDEN, bias=False),
        }
    )


def adjacent_rope(x, cos, sin):
    x0, x1 = x[..., 0::2], x[..., 1::2]
    return torch.stack((x0 * cos - x1 * sin, x1 * cos + x0 * sin), -1).flatten(-2)


def run_layer(m, x, i, cos, sin):
    b, t, _ = x.shape
    hd = HIDDEN // HEADS
    h = m["norm"](x)
    q = m["q"](h).view(b, t, HEADS, hd).transpose(1, 2)
    k = m["k"](h).view(b, t, KV_HEADS, hd).transpose(1, 2)
    v = m["v"](h).view(b, t, KV_HEADS, hd).transpose(1, 2)
    pos = torch.arange(t)
    allowed = pos[None, :] <= pos[:, None]
    if (i + 1) % GLOBAL_EVERY != 0:
        q, k = adjacent_rope(q, cos, sin), adjacent_rope(k, cos, sin)
        allowed = allowed & (pos[:, None] - pos[None, :] < WINDOW)
    k = k.repeat_interleave(HEADS // KV_HEADS, dim=1)
    v = v.repeat_interleave(HEADS // KV_HEADS, dim=1)
    y = F.scaled_dot_product_attention(q, k, v, attn_mask=allowed)
    attn = m["o"](y.transpose(1, 2).reshape(b, t, -1))
    mlp = m["down"](F.silu(m["gate"](h)) * m["up"](h))
    return x + attn + mlp


class Cohere2(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, HIDDEN)
        self.layers = nn.ModuleList(make_layer() for _ in range(LAYERS))
        self.norm = LayerNormNoBias(HIDDEN)

    def forward(self, ids):
        hd = HIDDEN // HEADS
        inv = 1.0 / ROPE_BASE ** (torch.arange(0, hd, 2).float() / hd)
        ang = torch.arange(ids.shape[1]).float()[:, None] * inv
        x = self.embed(ids)
        for i, m in enumerate(self.layers):
            x = run_layer(m, x, i, ang.cos(), ang.sin())
        return (self.norm(x) @ self.embed.weight.t()) * LOGIT_SCALE
