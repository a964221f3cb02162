"""Phi (phi-2): Flax-style explicit init functions. Each sub-module is a pair of functions,
``init_*(sizes) -> dict of tensors`` and a pure ``apply``; the torch module only wraps
the nested parameter dicts into nn.ParameterDicts. One LayerNorm per layer feeds attention and
the MLP in parallel, rotary on half of each head, biases everywhere, and an LM head with bias."""

import torch
import torch.nn as nn
import torch.nn.functional as F

HYPER = dict(
    vocab=880,
    d_model=64,
    n_layer=2,
    n_head=4,
    d_ff=256,
    ln_eps=1e-5,
    rotary_frac=0.25,
    rope_base=10000.0,
)


def init_dense(d_in, d_out, bias=True):
    p = {"kernel": torch.empty(d_in, d_out).normal_(std=0.02)}
    if bias:
        p["bias"] = torch.zeros(d_out)
    return p


def init_layernorm(d):
    return {"scale": torch.ones(d), "bias": torch.zeros(d)}


def init_block(h):
    d = h["d_model"]
    return {
        "ln": init_layernorm(d),
        "q": init_dense(d, d),
        "k": init_dense(d, d),
        "v": init_dense(d, d),
        "out": init_dense(d, d),
        "fc1": init_dense(d, h["d_ff"]),
        "fc2": init_dense(h["d_ff"], d),
    }


def init_model(h):
    return {
        "wte": {"embedding": torch.empty(h["vocab"], h["d_model"]).normal_(std=0.02)},
        "blocks": [init_block(h) for _ in range(h["n_layer"])],
        "ln_f": init_layernorm(h["d_model"]),
        "lm_head": init_dense(h["d_model"], h["vocab"]),
    }


def to_module(tree):
    if isinstance(tree, dict):
        if all(isinstance(v, torch.Tensor) for v in tree.values()):
            return nn.ParameterDict({k: nn.Parameter(v) for k, v in tree.items()})
        return nn.ModuleDict({k: to_module(v) for k, v in tree.items()})
    return nn.ModuleList([to_module(v) for v in tree])


def dense(p, x):
    y = x @ p["kernel"]
    return y + p["bias"] if "bias" in p else y


def layernorm(p, x, eps):
    return F.layer_norm(x, (x.shape[-1],), p["scale"], p["bias"], eps)


def apply_block(p, x, h):
    b, t, d = x.shape
    nh = h["n_head"]
    hd = d // nh
    rot = int(hd * h["rotary_frac"])
    y = layernorm(p["ln"], x, h["ln_eps"])
    q, k, v = (dense(p[n], y).view(b, t, nh, hd).transpose(1, 2) for n in ("q", "k", "v"))
    inv = 1.0 / h["rope_base"] ** (torch.arange(0, rot, 2).float() / rot)
    f = torch.outer(torch.arange(t).float(), inv).repeat(1, 2)

    def rope(z):
        zr, zp = z[..., :rot], z[..., rot:]
        zr = zr * f.cos() + torch.cat([-zr[..., rot // 2 :], zr[..., : rot // 2]], -1) * f.sin()
        return torch.cat([zr, zp], -1)

    a = F.scaled_dot_product_attention(rope(q), rope(k), v, is_causal=True)
    a = dense(p["out"], a.transpose(1, 2).reshape(b, t, d))
    m = dense(p["fc2"], F.gelu(dense(p["fc1"], y), approximate="tanh"))
    return x + a + m


class Phi(nn.Module):
    def __init__(self, h=HYPER):
        super().__init__()
        self.h = h
        self.params = to_module(init_model(h))

    def forward(self, ids):
        p, h = self.params, self.h
        x = F.embedding(ids, p["wte"]["embedding"])
        for bp in p["blocks"]:
            x = apply_block(bp, x, h)
        return dense(p["lm_head"], layernorm(p["ln_f"], x, h["ln_eps"]))
