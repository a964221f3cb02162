"""A tiny Phi-3 whose sizes travel as a base64-encoded JSON blob (the way a checkpoint's
metadata field or a job's environment carries a config), decoded with ``base64.b64decode``
and ``json.loads`` at import.
Fused ``qkv_proj`` (queries, then keys, then values, with grouped key/value heads) and fused
``gate_up_proj`` (gate half first), RMSNorm, rotary positions over the whole head, untied
output."""

from __future__ import annotations

import base64
import json

import torch
import torch.nn.functional as F
from torch import nn

BLOB = "eyJ2b2NhYl9zaXplIjogMTI4LCAiZF9tb2RlbCI6IDY0LCAibl9sYXllciI6IDIsICJuX2hlYWQiOiA0LCAibl9rdl9oZWFkIjogMiwgImRfZmYiOiAxMjgsICJybXNfZXBzIjogMWUtMDUsICJyb3BlX3RoZXRhIjogMTAwMDAuMH0="

H = json.loads(base64.b64decode(BLOB))


class RMSNorm(nn.Module):
    def __init__(self, dim: int) -> None:
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + H["rms_eps"])


class Phi3Block(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        d = H["d_model"]
        self.hd = d // H["n_head"]
        self.q_size = H["n_head"] * self.hd
        self.kv_size = H["n_kv_head"] * self.hd
        self.ln_1 = RMSNorm(d)
        self.qkv_proj = nn.Linear(d, self.q_size + 2 * self.kv_size, bias=False)
        self.o_proj = nn.Linear(self.q_size, d, bias=False)
        self.ln_2 = RMSNorm(d)
        self.gate_up_proj = nn.Linear(d, 2 * H["d_ff"], bias=False)
        self.down_proj = nn.Linear(H["d_ff"], d, bias=False)

    def rotary(self, x):
        t, d = x.shape[-2], x.shape[-1]
        inv = 1.0 / (H["rope_theta"] ** (torch.arange(0, d, 2).float() / d))
        ang = torch.outer(torch.arange(t).float(), inv).repeat(1, 2)
        x1, x2 = x[..., : d // 2], x[..., d // 2 :]
        return x * ang.cos() + torch.cat([-x2, x1], -1) * ang.sin()

    def forward(self, x):
        b, t, _ = x.shape
        q, k, v = self.qkv_proj(self.ln_1(x)).split([self.q_size, self.kv_size, self.kv_size], -1)
        q = self.rotary(q.view(b, t, -1, self.hd).transpose(1, 2))
        k = self.rotary(k.view(b, t, -1, self.hd).transpose(1, 2))
        v = v.view(b, t, -1, self.hd).transpose(1, 2)
        rep = H["n_head"] // H["n_kv_head"]
        k, v = k.repeat_interleave(rep, 1), v.repeat_interleave(rep, 1)
        a = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.o_proj(a.transpose(1, 2).reshape(b, t, -1))
        gate, up = self.gate_up_proj(self.ln_2(x)).chunk(2, dim=-1)
        return x + self.down_proj(up * F.silu(gate))


class Phi3Blob(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.tok = nn.Embedding(H["vocab_size"], H["d_model"])
        self.blocks = nn.ModuleList(Phi3Block() for _ in range(H["n_layer"]))
        self.ln_f = RMSNorm(H["d_model"])
        self.head = nn.Linear(H["d_model"], H["vocab_size"], bias=False)

    def forward(self, ids):
        x = self.tok(ids)
        for blk in self.blocks:
            x = blk(x)
        return self.head(self.ln_f(x))
