"""A tiny GPT-NeoX whose sizes are a merged ``config.json``: a tool appended the run's
overrides to Pythia-410M's object without removing the base keys, so several keys appear
twice; ``json.loads`` keeps the last value of a repeated key. Parallel attention and MLP
residual, rotary positions on a fraction of each head, fused per-head ``qkv``, untied
output."""

from __future__ import annotations

import json
import math

import torch
import torch.nn.functional as F
from torch import nn

CONFIG = """{
  "architectures": ["GPTNeoXForCausalLM"],
  "vocab_size": 50304,
  "hidden_size": 1024,
  "num_hidden_layers": 24,
  "num_attention_heads": 16,
  "intermediate_size": 4096,
  "vocab_size": 96,
  "hidden_size": 64,
  "num_hidden_layers": 2,
  "num_attention_heads": 4,
  "intermediate_size": 256,
  "rotary_pct": 0.25,
  "rotary_emb_base": 10000.0,
  "layer_norm_eps": 0.1
}"""
CFG = json.loads(CONFIG)


class NeoXLayer(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.hd = CFG["hidden_size"] // CFG["num_attention_heads"]
        self.rot = int(self.hd * CFG["rotary_pct"])
        self.ln_a = nn.LayerNorm(CFG["hidden_size"], eps=CFG["layer_norm_eps"])
        self.ln_m = nn.LayerNorm(CFG["hidden_size"], eps=CFG["layer_norm_eps"])
        self.qkv = nn.Linear(CFG["hidden_size"], 3 * CFG["hidden_size"])
        self.proj = nn.Linear(CFG["hidden_size"], CFG["hidden_size"])
        self.fc_in = nn.Linear(CFG["hidden_size"], CFG["intermediate_size"])
        self.fc_out = nn.Linear(CFG["intermediate_size"], CFG["hidden_size"])

    def _rope(self, x):
        r, t = self.rot, x.shape[-2]
        inv = 1.0 / (CFG["rotary_emb_base"] ** (torch.arange(0, r, 2).float() / r))
        ang = torch.outer(torch.arange(t).float(), inv).repeat(1, 2)
        xr = x[..., :r]
        turned = torch.cat([-xr[..., r // 2 :], xr[..., : r // 2]], -1)
        return torch.cat([xr * ang.cos() + turned * ang.sin(), x[..., r:]], -1)

    def forward(self, x):
        b, t, _ = x.shape
        qkv = (
            self.qkv(self.ln_a(x))
            .view(b, t, CFG["num_attention_heads"], 3 * self.hd)
            .transpose(1, 2)
        )
        q, k, v = qkv.split(self.hd, dim=-1)
        q, k = self._rope(q), self._rope(k)
        att = (q @ k.transpose(-1, -2)) / math.sqrt(self.hd)
        att = att.masked_fill(torch.ones(t, t, dtype=torch.bool).triu(1), float("-inf"))
        a = (att.softmax(-1) @ v).transpose(1, 2).reshape(b, t, -1)
        mlp = self.fc_out(F.gelu(self.fc_in(self.ln_m(x))))
        return x + self.proj(a) + mlp


class NeoXThreadLocal(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.embed_in = nn.Embedding(CFG["vocab_size"], CFG["hidden_size"])
        self.layers = nn.ModuleList([NeoXLayer() for _ in range(CFG["num_hidden_layers"])])
        self.final_ln = nn.LayerNorm(CFG["hidden_size"], eps=CFG["layer_norm_eps"])
        self.embed_out = nn.Linear(CFG["hidden_size"], CFG["vocab_size"], bias=False)

    def forward(self, ids):
        x = self.embed_in(ids)
        for layer in self.layers:
            x = layer(x)
        return self.embed_out(self.final_ln(x))
