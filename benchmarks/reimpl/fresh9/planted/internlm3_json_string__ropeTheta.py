"""InternLM3 (tiny) re-implemented from the paper; the hyper-parameters are pasted as the JSON
string they came in, parsed once at import."""

import json
import math

import torch
import torch.nn.functional as F
from torch import nn

CONFIG_JSON = """
{
  "vocab_size": 512,
  "hidden_size": 64,
  "intermediate_size": 176,
  "num_hidden_layers": 2,
  "num_attention_heads": 4,
  "num_key_value_heads": 2,
  "head_dim": 16,
  "rms_norm_eps": 1e-05,
  "rope_theta": 10000.0
}
"""
CFG = json.loads(CONFIG_JSON)


class RMSNorm(nn.Module):
    def __init__(self, dim, eps):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))
        self.eps = eps

    def forward(self, x):
        var = x.float().pow(2).mean(-1, keepdim=True)
        return self.weight * (x.float() * torch.rsqrt(var + self.eps)).to(x.dtype)


def rotate_half(x):
    a, b = x.chunk(2, dim=-1)
    return torch.cat((-b, a), dim=-1)


def rope_cos_sin(seq, dim, theta, device):
    inv = 1.0 / (theta ** (torch.arange(0, dim, 2, device=device).float() / dim))
    f = torch.outer(torch.arange(seq, device=device).float(), inv)
    emb = torch.cat((f, f), dim=-1)
    return emb.cos(), emb.sin()


class SelfAttention(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.h, self.kv, self.hd = (
            c["num_attention_heads"],
            c["num_key_value_heads"],
            c["head_dim"],
        )
        d = c["hidden_size"]
        self.q_proj = nn.Linear(d, self.h * self.hd, bias=False)
        self.k_proj = nn.Linear(d, self.kv * self.hd, bias=False)
        self.v_proj = nn.Linear(d, self.kv * self.hd, bias=False)
        self.o_proj = nn.Linear(self.h * self.hd, d, bias=False)

    def forward(self, x, cos, sin):
        b, t, _ = x.shape
        q = self.q_proj(x).view(b, t, self.h, self.hd).transpose(1, 2)
        k = self.k_proj(x).view(b, t, self.kv, self.hd).transpose(1, 2)
        v = self.v_proj(x).view(b, t, self.kv, self.hd).transpose(1, 2)
        q = q * cos + rotate_half(q) * sin
        k = k * cos + rotate_half(k) * sin
        k = k.repeat_interleave(self.h // self.kv, dim=1)
        v = v.repeat_interleave(self.h // self.kv, dim=1)
        att = (q @ k.transpose(-1, -2)) / math.sqrt(self.hd)
        mask = torch.ones(t, t, dtype=torch.bool, device=x.device).triu(1)
        att = att.masked_fill(mask, float("-inf")).softmax(-1)
        return self.o_proj((att @ v).transpose(1, 2).reshape(b, t, -1))


class GatedMLP(nn.Module):
    def __init__(self, c):
        super().__init__()
        d, f = c["hidden_size"], c["intermediate_size"]
        self.gate_proj = nn.Linear(d, f, bias=False)
        self.up_proj = nn.Linear(d, f, bias=False)
        self.down_proj = nn.Linear(f, d, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class DecoderLayer(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.input_layernorm = RMSNorm(c["hidden_size"], c["rms_norm_eps"])
        self.self_attn = SelfAttention(c)
        self.post_attention_layernorm = RMSNorm(c["hidden_size"], c["rms_norm_eps"])
        self.mlp = GatedMLP(c)

    def forward(self, x, cos, sin):
        x = x + self.self_attn(self.input_layernorm(x), cos, sin)
        return x + self.mlp(self.post_attention_layernorm(x))


class InternLM3(nn.Module):
    def __init__(self, c=CFG):
        super().__init__()
        self.c = c
        self.embed_tokens = nn.Embedding(c["vocab_size"], c["hidden_size"])
        self.layers = nn.ModuleList(DecoderLayer(c) for _ in range(c["num_hidden_layers"]))
        self.norm = RMSNorm(c["hidden_size"], c["rms_norm_eps"])
        self.lm_head = nn.Linear(c["hidden_size"], c["vocab_size"], bias=False)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        cos, sin = rope_cos_sin(ids.shape[1], self.c["head_dim"], self.c["rope_theta"], ids.device)
        for layer in self.layers:
            x = layer(x, cos, sin)
        return self.lm_head(self.norm(x))
