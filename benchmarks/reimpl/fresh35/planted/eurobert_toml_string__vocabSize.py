"""EuroBERT-style bidirectional encoder (RMSNorm, RoPE, GQA, SwiGLU) for embedding work.

Hyper-parameters live in a TOML document kept in the file (the training repo's
``configs/encoder.toml``), parsed with the standard library.
"""

import tomllib
import torch
import torch.nn.functional as F
from torch import nn

ENCODER_TOML = """
[model]
vocab_size = 896
hidden_size = 64
num_layers = 2
ffn_size = 160

[model.attention]
num_heads = 4
num_kv_heads = 2
rope_theta = 250000.0

[model.norm]
eps = 1e-5
"""
TOML = tomllib.loads(ENCODER_TOML)
MODEL = TOML["model"]
ATTN = MODEL["attention"]


class RMSNorm(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.scale = nn.Parameter(torch.ones(n))

    def forward(self, x):
        return F.rms_norm(x, (x.shape[-1],), self.scale, MODEL["norm"]["eps"])


class BidirectionalAttention(nn.Module):
    def __init__(self):
        super().__init__()
        d = MODEL["hidden_size"]
        self.n_q, self.n_kv = ATTN["num_heads"], ATTN["num_kv_heads"]
        self.head = d // self.n_q
        self.to_q = nn.Linear(d, self.n_q * self.head, bias=False)
        self.to_k = nn.Linear(d, self.n_kv * self.head, bias=False)
        self.to_v = nn.Linear(d, self.n_kv * self.head, bias=False)
        self.to_o = nn.Linear(self.n_q * self.head, d, bias=False)

    def forward(self, x, rot):
        b, n, _ = x.shape
        q = self.to_q(x).view(b, n, self.n_q, self.head).transpose(1, 2)
        k = self.to_k(x).view(b, n, self.n_kv, self.head).transpose(1, 2)
        v = self.to_v(x).view(b, n, self.n_kv, self.head).transpose(1, 2)
        cos, sin = rot
        half = self.head // 2
        q = q * cos + torch.cat((-q[..., half:], q[..., :half]), dim=-1) * sin
        k = k * cos + torch.cat((-k[..., half:], k[..., :half]), dim=-1) * sin
        groups = self.n_q // self.n_kv
        k = (
            k[:, :, None]
            .expand(b, self.n_kv, groups, n, self.head)
            .reshape(b, self.n_q, n, self.head)
        )
        v = (
            v[:, :, None]
            .expand(b, self.n_kv, groups, n, self.head)
            .reshape(b, self.n_q, n, self.head)
        )
        out = F.scaled_dot_product_attention(q, k, v)
        return self.to_o(out.transpose(1, 2).reshape(b, n, self.n_q * self.head))


class EncoderLayer(nn.Module):
    def __init__(self):
        super().__init__()
        d, f = MODEL["hidden_size"], MODEL["ffn_size"]
        self.pre_attn = RMSNorm(d)
        self.attn = BidirectionalAttention()
        self.pre_ffn = RMSNorm(d)
        self.w_gate = nn.Linear(d, f, bias=False)
        self.w_up = nn.Linear(d, f, bias=False)
        self.w_down = nn.Linear(f, d, bias=False)

    def forward(self, x, rot):
        x = x + self.attn(self.pre_attn(x), rot)
        h = self.pre_ffn(x)
        return x + self.w_down(F.silu(self.w_gate(h)) * self.w_up(h))


class EuroBertEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.tokens = nn.Embedding(MODEL["vocab_size"], MODEL["hidden_size"])
        self.layers = nn.ModuleList([EncoderLayer() for _ in range(MODEL["num_layers"])])
        self.out_norm = RMSNorm(MODEL["hidden_size"])

    def forward(self, input_ids):
        hd = MODEL["hidden_size"] // ATTN["num_heads"]
        inv = 1.0 / (ATTN["rope_theta"] ** (torch.arange(0, hd, 2).float() / hd))
        ang = torch.arange(input_ids.shape[1]).float()[:, None] * inv[None, :]
        ang = torch.cat((ang, ang), dim=-1)
        rot = (ang.cos(), ang.sin())
        x = self.tokens(input_ids)
        for layer in self.layers:
            x = layer(x, rot)
        return self.out_norm(x)
