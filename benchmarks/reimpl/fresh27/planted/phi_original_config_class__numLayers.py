"""A tiny Phi with the configuration class of Microsoft's original (pre-Transformers) Phi code
copied in: GPT-2-like names (``n_embd``, ``n_layer``, ``n_inner``, ``rotary_dim``,
``layer_norm_epsilon``), ``n_inner=None`` meaning ``4 * n_embd``, ``rotary_dim`` clipped to the
head size; the model's parameters are a Flax-like tree of kernels. Parallel attention and MLP
after one LayerNorm, partial rotary positions, GELU-tanh MLP, untied biased head."""

from __future__ import annotations

import torch
import torch.nn as nn
import torch.nn.functional as F


class PhiConfig:
    model_type = "phi-msft"

    def __init__(
        self,
        vocab_size=50304,
        n_positions=2048,
        n_embd=1024,
        n_layer=20,
        n_inner=None,
        n_head=16,
        rotary_dim=32,
        rotary_base=10000.0,
        activation_function="gelu_new",
        layer_norm_epsilon=1e-5,
        tie_word_embeddings=False,
        **kwargs,
    ):
        self.vocab_size = vocab_size
        self.n_positions = n_positions
        self.n_embd = n_embd
        self.n_layer = n_layer
        self.n_inner = n_inner
        self.n_head = n_head
        self.rotary_dim = min(rotary_dim, n_embd // n_head)
        self.rotary_base = rotary_base
        self.activation_function = activation_function
        self.layer_norm_epsilon = layer_norm_epsilon
        self.tie_word_embeddings = tie_word_embeddings


config = PhiConfig(
    vocab_size=880,
    n_positions=256,
    n_embd=64,
    n_layer=3,
    n_inner=256,
    n_head=4,
    rotary_dim=8,
    rotary_base=10000.0,
    layer_norm_epsilon=1e-05,
)
HYPER = dict(
    vocab=config.vocab_size,
    d_model=config.n_embd,
    n_layer=config.n_layer,
    n_head=config.n_head,
    d_ff=config.n_inner if config.n_inner is not None else 4 * config.n_embd,
    ln_eps=config.layer_norm_epsilon,
    rotary_frac=config.rotary_dim / (config.n_embd // config.n_head),
    rope_base=config.rotary_base,
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
