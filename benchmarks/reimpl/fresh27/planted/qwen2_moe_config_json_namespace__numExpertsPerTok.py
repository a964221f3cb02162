"""A tiny Qwen2-MoE whose sizes are the checkpoint's ``config.json`` (Hugging Face key names)
pasted into the file, read with ``json.loads`` and renamed into the short names the model uses
(a ``SimpleNamespace``). Experts in ``nn.ParameterList``s, a router, top-k routing without
renormalisation, a shared expert gated by a sigmoid, grouped key/value heads, rotary positions,
RMSNorm, untied output."""

from __future__ import annotations

import json
from types import SimpleNamespace

import torch
import torch.nn.functional as F
from torch import nn

CONFIG_JSON = """{
  "architectures": ["Qwen2MoeForCausalLM"],
  "model_type": "qwen2_moe",
  "vocab_size": 256,
  "hidden_size": 64,
  "num_hidden_layers": 2,
  "num_attention_heads": 4,
  "num_key_value_heads": 2,
  "num_experts": 4,
  "num_experts_per_tok": 1,
  "moe_intermediate_size": 32,
  "shared_expert_intermediate_size": 64,
  "rope_theta": 10000.0,
  "tie_word_embeddings": false
}"""
config = json.loads(CONFIG_JSON)
hp = SimpleNamespace(
    vocab=config["vocab_size"],
    d=config["hidden_size"],
    n_layer=config["num_hidden_layers"],
    n_head=config["num_attention_heads"],
    n_kv=config["num_key_value_heads"],
    n_expert=config["num_experts"],
    k=config["num_experts_per_tok"],
    expert_ffn=config["moe_intermediate_size"],
    shared_ffn=config["shared_expert_intermediate_size"],
    theta=config["rope_theta"],
)


def rmsnorm(x, w):
    return w * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-5)


class MoE(nn.Module):
    def __init__(self):
        super().__init__()
        self.router = nn.Parameter(torch.empty(hp.n_expert, hp.d))
        self.w_gate = nn.ParameterList(
            nn.Parameter(torch.empty(hp.expert_ffn, hp.d)) for _ in range(hp.n_expert)
        )
        self.w_up = nn.ParameterList(
            nn.Parameter(torch.empty(hp.expert_ffn, hp.d)) for _ in range(hp.n_expert)
        )
        self.w_down = nn.ParameterList(
            nn.Parameter(torch.empty(hp.d, hp.expert_ffn)) for _ in range(hp.n_expert)
        )
        self.shared_gate = nn.Parameter(torch.empty(hp.shared_ffn, hp.d))
        self.shared_up = nn.Parameter(torch.empty(hp.shared_ffn, hp.d))
        self.shared_down = nn.Parameter(torch.empty(hp.d, hp.shared_ffn))
        self.shared_scale = nn.Parameter(torch.empty(1, hp.d))
        for p in self.parameters():
            nn.init.normal_(p, std=0.02)

    def forward(self, x):
        probs = F.linear(x, self.router).softmax(-1)
        top, idx = probs.topk(hp.k, -1)
        out = torch.zeros_like(x)
        for e in range(hp.n_expert):
            w = (top * (idx == e)).sum(-1, keepdim=True)
            y = F.silu(F.linear(x, self.w_gate[e])) * F.linear(x, self.w_up[e])
            out = out + w * F.linear(y, self.w_down[e])
        s = F.silu(F.linear(x, self.shared_gate)) * F.linear(x, self.shared_up)
        return out + torch.sigmoid(F.linear(x, self.shared_scale)) * F.linear(s, self.shared_down)


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        hd = hp.d // hp.n_head
        self.ln_1 = nn.Parameter(torch.ones(hp.d))
        self.ln_2 = nn.Parameter(torch.ones(hp.d))
        self.q = nn.Linear(hp.d, hp.n_head * hd)
        self.k = nn.Linear(hp.d, hp.n_kv * hd)
        self.v = nn.Linear(hp.d, hp.n_kv * hd)
        self.o = nn.Linear(hp.n_head * hd, hp.d, bias=False)
        self.moe = MoE()

    def forward(self, x, cos, sin):
        b, t, _ = x.shape
        hd = hp.d // hp.n_head
        h = rmsnorm(x, self.ln_1)
        q = self.q(h).view(b, t, hp.n_head, hd).transpose(1, 2)
        k = self.k(h).view(b, t, hp.n_kv, hd).transpose(1, 2)
        v = self.v(h).view(b, t, hp.n_kv, hd).transpose(1, 2)
        half = hd // 2
        q = q * cos + torch.cat([-q[..., half:], q[..., :half]], -1) * sin
        k = k * cos + torch.cat([-k[..., half:], k[..., :half]], -1) * sin
        k = k.repeat_interleave(hp.n_head // hp.n_kv, 1)
        v = v.repeat_interleave(hp.n_head // hp.n_kv, 1)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.o(y.transpose(1, 2).reshape(b, t, -1))
        return x + self.moe(rmsnorm(x, self.ln_2))


class Qwen2MoE(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte = nn.Embedding(hp.vocab, hp.d)
        self.h = nn.ModuleList(Block() for _ in range(hp.n_layer))
        self.ln_f = nn.Parameter(torch.ones(hp.d))
        self.lm_head = nn.Linear(hp.d, hp.vocab, bias=False)

    def forward(self, ids):
        hd = hp.d // hp.n_head
        inv = 1.0 / hp.theta ** (torch.arange(0, hd, 2).float() / hd)
        f = torch.arange(ids.shape[1]).float()[:, None] * inv
        f = torch.cat([f, f], -1)
        x = self.wte(ids)
        for blk in self.h:
            x = blk(x, f.cos(), f.sin())
        return self.lm_head(rmsnorm(x, self.ln_f))
