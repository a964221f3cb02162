"""Phi-3 (mini layout: one fused qkv projection, one fused gate/up projection, RMSNorm, an
untied head). The config class answers to several names for one size through an alias map, as
code ported between GPT-2-style and Llama-style names often does: ``cfg["n_embd"]`` and
``cfg.hidden_size`` read the same entry."""

import torch
import torch.nn.functional as F
from torch import nn


class Cfg:
    ALIASES = {
        "n_embd": "hidden_size",
        "n_layer": "num_hidden_layers",
        "n_head": "num_attention_heads",
        "n_kv": "num_key_value_heads",
        "n_inner": "intermediate_size",
        "n_vocab": "vocab_size",
    }

    def __init__(self, **kw):
        self._d = {}
        for k, v in kw.items():
            self[k] = v

    def __setitem__(self, key, value):
        self._d[self.ALIASES.get(key, key)] = value

    def __getitem__(self, key):
        return self._d[self.ALIASES.get(key, key)]

    def __getattr__(self, key):
        if key.startswith("_"):
            raise AttributeError(key)
        return self[key]


CFG = Cfg(n_vocab=704, n_embd=96, n_layer=2, n_head=6, n_kv=3, n_inner=256)
CFG["rms_norm_eps"] = 1e-5
CFG["rope_theta"] = 10000.0


class RMSNorm(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(CFG.n_embd))

    def forward(self, x):
        return self.weight * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + CFG.rms_norm_eps))


class Phi3Block(nn.Module):
    def __init__(self):
        super().__init__()
        hd = CFG["n_embd"] // CFG["n_head"]
        self.hd = hd
        self.input_layernorm = RMSNorm()
        self.qkv_proj = nn.Linear(CFG.hidden_size, (CFG.n_head + 2 * CFG.n_kv) * hd, bias=False)
        self.o_proj = nn.Linear(CFG.n_head * hd, CFG.hidden_size, bias=False)
        self.post_attention_layernorm = RMSNorm()
        self.gate_up_proj = nn.Linear(CFG.n_embd, 2 * CFG.n_inner, bias=False)
        self.down_proj = nn.Linear(CFG.n_inner, CFG.n_embd, bias=False)

    def forward(self, x, cos, sin):
        b, t, _ = x.shape
        hd = self.hd
        qkv = self.qkv_proj(self.input_layernorm(x))
        q, k, v = qkv.split([CFG.n_head * hd, CFG.n_kv * hd, CFG.n_kv * hd], -1)
        q = q.view(b, t, -1, hd).transpose(1, 2)
        k = k.view(b, t, -1, hd).transpose(1, 2)
        v = v.view(b, t, -1, hd).transpose(1, 2)
        q = q * cos + torch.cat((-q[..., hd // 2 :], q[..., : hd // 2]), -1) * sin
        k = k * cos + torch.cat((-k[..., hd // 2 :], k[..., : hd // 2]), -1) * sin
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.o_proj(o.transpose(1, 2).reshape(b, t, -1))
        gate, up = self.gate_up_proj(self.post_attention_layernorm(x)).chunk(2, -1)
        return x + self.down_proj(up * F.silu(gate))


class Phi3(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(CFG.n_vocab, CFG.n_embd)
        self.layers = nn.ModuleList([Phi3Block() for _ in range(CFG.n_layer)])
        self.norm = RMSNorm()
        self.lm_head = nn.Linear(CFG.n_embd, CFG.n_vocab, bias=False)

    def forward(self, ids):
        hd = CFG.n_embd // CFG.n_head
        inv = 1.0 / CFG.rope_theta ** (torch.arange(0, hd, 2).float() / hd)
        ang = torch.arange(ids.shape[1]).float()[:, None] * inv
        cos, sin = torch.cat((ang, ang), -1).cos(), torch.cat((ang, ang), -1).sin()
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x, cos, sin)
        return self.lm_head(self.norm(x))
