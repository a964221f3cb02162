"""OLMo (v1) configured as OLMo's training script is run: a base experiment config (OLMo-1B's sizes,
nested, a ``_target_`` per node and ``${...}`` interpolations) and the command line's dotted overrides
(``--model.n_layers=2``) applied one by one, each value parsed as a Python literal when it is one;
the interpolations are resolved after the overrides. Non-parametric LayerNorm (no weight, no
bias), fused SwiGLU through chunk, an untied head."""

import ast
import re

import torch
import torch.nn as nn
import torch.nn.functional as F

BASE = {
    "model": {
        "_target_": "olmo.OLMo",
        "d_model": 2048,
        "n_layers": 16,
        "vocab_size": 50304,
        "max_sequence_length": 2048,
        "weight_tying": True,
        "attention": {
            "_target_": "olmo.Attention",
            "d_model": "${model.d_model}",
            "n_heads": 16,
            "rope_theta": 10000.0,
        },
        "mlp": {
            "_target_": "olmo.SwiGLU",
            "d_model": "${model.d_model}",
            "hidden_size": 8192,
        },
    },
    "trainer": {"precision": "amp_bf16", "max_duration": "2e12T"},
}

# ``torchrun scripts/train.py configs/olmo-1b.yaml --model.d_model=96 ...``
OVERRIDES = [
    "--model.d_model=96",
    "--model.n_layers=2",
    "--model.vocab_size=1000",
    "--model.max_sequence_length=512",
    "--model.weight_tying=False",
    "--model.attention.n_heads=6",
    "--model.mlp.hidden_size=320",
    "--trainer.precision=amp_bf16",
]


def apply_dotlist(cfg, items):
    for item in items:
        key, _, text = item.lstrip("-").partition("=")
        *path, last = key.split(".")
        node = cfg
        for part in path:
            node = node.setdefault(part, {})
        try:
            node[last] = ast.literal_eval(text)
        except (ValueError, SyntaxError):
            node[last] = text
    return cfg


CFG = apply_dotlist(BASE, OVERRIDES)


def lookup(root, dotted):
    node = root
    for part in dotted.split("."):
        node = node[part]
    return node


def resolve(node, root=None):
    root = root if root is not None else node
    if isinstance(node, dict):
        return {k: resolve(v, root) for k, v in node.items()}
    if isinstance(node, str):
        m = re.fullmatch(r"\$\{([\w.]+)\}", node)
        if m:
            return resolve(lookup(root, m.group(1)), root)
    return node


def layer_norm(x):
    return F.layer_norm(x, (x.shape[-1],), eps=1e-5)


class Attention(nn.Module):
    def __init__(self, _target_, d_model, n_heads, rope_theta):
        super().__init__()
        self.n_heads = n_heads
        self.head_dim = d_model // n_heads
        self.theta = rope_theta
        self.att_proj = nn.Linear(d_model, 3 * d_model, bias=False)
        self.attn_out = nn.Linear(d_model, d_model, bias=False)

    def rope(self, x):
        t, hd = x.shape[-2], self.head_dim
        inv = 1.0 / self.theta ** (torch.arange(0, hd, 2, dtype=torch.float) / hd)
        f = torch.outer(torch.arange(t, dtype=torch.float), inv)
        f = torch.cat([f, f], -1)
        a, b = x.chunk(2, -1)
        return x * f.cos() + torch.cat([-b, a], -1) * f.sin()

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.att_proj(x).split(d, dim=-1)
        q, k, v = (z.view(b, t, self.n_heads, self.head_dim).transpose(1, 2) for z in (q, k, v))
        q, k = self.rope(q), self.rope(k)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.attn_out(y.transpose(1, 2).reshape(b, t, d))


class SwiGLU(nn.Module):
    def __init__(self, _target_, d_model, hidden_size):
        super().__init__()
        self.ff_proj = nn.Linear(d_model, 2 * hidden_size, bias=False)
        self.ff_out = nn.Linear(hidden_size, d_model, bias=False)

    def forward(self, x):
        x, gate = self.ff_proj(x).chunk(2, dim=-1)
        return self.ff_out(F.silu(gate) * x)


class OLMoBlock(nn.Module):
    def __init__(self, attention, mlp):
        super().__init__()
        self.attn = Attention(**attention)
        self.ff = SwiGLU(**mlp)

    def forward(self, x):
        x = x + self.attn(layer_norm(x))
        return x + self.ff(layer_norm(x))


class OLMo(nn.Module):
    def __init__(self, cfg=None):
        super().__init__()
        m = resolve(cfg or CFG)["model"]
        self.wte = nn.Embedding(m["vocab_size"], m["d_model"])
        self.blocks = nn.ModuleList(
            OLMoBlock(m["attention"], m["mlp"]) for _ in range(m["n_layers"])
        )
        if not m["weight_tying"]:
            self.ff_out = nn.Linear(m["d_model"], m["vocab_size"], bias=False)
        self.tied = m["weight_tying"]

    def forward(self, ids):
        x = self.wte(ids)
        for blk in self.blocks:
            x = blk(x)
        x = layer_norm(x)
        return F.linear(x, self.wte.weight) if self.tied else self.ff_out(x)
