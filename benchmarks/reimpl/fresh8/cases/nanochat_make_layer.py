"""A tiny chat model in the nanochat manner: no learnable norm weights (functional RMSNorm),
QK-norm, squared-ReLU MLP, untied head, soft-capped logits. Every sub-module comes from one
``make_layer(kind, ...)`` string switch, the way a config-driven trainer builds its parts."""

import torch
import torch.nn as nn
import torch.nn.functional as F

SPEC = {
    "vocab": 1024,
    "n_embd": 96,
    "n_layer": 3,
    "n_head": 6,
    "n_kv_head": 6,
    "mlp_hidden": 384,
    "rope_base": 10000.0,
    "softcap": 15.0,
}


def norm(x):
    return F.rms_norm(x, (x.size(-1),), eps=1e-6)


def make_layer(kind: str, spec: dict) -> nn.Module:
    d = spec["n_embd"]
    hd = d // spec["n_head"]
    if kind == "embedding":
        return nn.Embedding(spec["vocab"], d)
    if kind == "q":
        return nn.Linear(d, spec["n_head"] * hd, bias=False)
    if kind in ("k", "v"):
        return nn.Linear(d, spec["n_kv_head"] * hd, bias=False)
    if kind == "proj":
        return nn.Linear(spec["n_head"] * hd, d, bias=False)
    if kind == "fc":
        return nn.Linear(d, spec["mlp_hidden"], bias=False)
    if kind == "fc_out":
        return nn.Linear(spec["mlp_hidden"], d, bias=False)
    if kind == "unembed":
        return nn.Linear(d, spec["vocab"], bias=False)
    if kind == "block":
        return Block(spec)
    raise ValueError(f"unknown layer kind {kind!r}")


class Block(nn.Module):
    def __init__(self, spec: dict):
        super().__init__()
        self.spec = spec
        self.c_q = make_layer("q", spec)
        self.c_k = make_layer("k", spec)
        self.c_v = make_layer("v", spec)
        self.c_proj = make_layer("proj", spec)
        self.c_fc = make_layer("fc", spec)
        self.c_fc_out = make_layer("fc_out", spec)

    def forward(self, x, cos, sin):
        b, t, d = x.shape
        nh, nkv = self.spec["n_head"], self.spec["n_kv_head"]
        h = norm(x)
        q = self.c_q(h).view(b, t, nh, -1)
        k = self.c_k(h).view(b, t, nkv, -1)
        v = self.c_v(h).view(b, t, nkv, -1)

        def rot(z):
            z1, z2 = z.chunk(2, -1)
            return torch.cat((z1 * cos + z2 * sin, -z1 * sin + z2 * cos), -1)

        q, k = norm(rot(q)), norm(rot(k))
        y = F.scaled_dot_product_attention(
            q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2), is_causal=True, enable_gqa=True
        )
        x = x + self.c_proj(y.transpose(1, 2).reshape(b, t, d))
        return x + self.c_fc_out(F.relu(self.c_fc(norm(x))).square())


class NanoChat(nn.Module):
    def __init__(self, spec: dict = SPEC):
        super().__init__()
        self.spec = spec
        self.wte = make_layer("embedding", spec)
        self.blocks = nn.ModuleList(make_layer("block", spec) for _ in range(spec["n_layer"]))
        self.lm_head = make_layer("unembed", spec)

    def forward(self, idx):
        t = idx.shape[1]
        hd = self.spec["n_embd"] // self.spec["n_head"]
        inv = 1.0 / self.spec["rope_base"] ** (torch.arange(0, hd, 2).float() / hd)
        ang = torch.outer(torch.arange(t).float(), inv)[None, :, None, :]
        cos, sin = ang.cos(), ang.sin()
        x = norm(self.wte(idx))
        for blk in self.blocks:
            x = blk(x, cos, sin)
        logits = self.lm_head(norm(x))
        cap = self.spec["softcap"]
        return cap * torch.tanh(logits / cap)
