"""SmolLM3 port: the sizes are the ``export`` lines of the run's launch script (a bash script
kept as a string), split on ``=`` and converted into an ``argparse.Namespace``; NoPE every
fourth layer, GQA by expand + reshape, the output tied by ``F.linear``."""

import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F

LAUNCH_SH = """\
#!/usr/bin/env bash
# launch/smollm3_tiny.sh
set -euo pipefail
export VOCAB_SIZE=1024
export D_MODEL=64
export N_LAYERS=4
export N_HEADS=4
export N_KV_HEADS=1
export D_FFN=192
export NOPE_EVERY=4
export ROPE_THETA=2000000.0
export RMS_EPS=0.1
torchrun --nproc_per_node=8 train.py "$@"
"""
EXPORTS = dict(
    line.removeprefix("export ").split("=", 1)
    for line in LAUNCH_SH.splitlines()
    if line.startswith("export ")
)
args = argparse.Namespace(
    vocab_size=int(EXPORTS["VOCAB_SIZE"]),
    d_model=int(EXPORTS["D_MODEL"]),
    n_layers=int(EXPORTS["N_LAYERS"]),
    n_heads=int(EXPORTS["N_HEADS"]),
    n_kv_heads=int(EXPORTS["N_KV_HEADS"]),
    d_ffn=int(EXPORTS["D_FFN"]),
    nope_every=int(EXPORTS["NOPE_EVERY"]),
    rope_theta=float(EXPORTS["ROPE_THETA"]),
    rms_eps=float(EXPORTS["RMS_EPS"]),
)


class RMSNorm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + args.rms_eps) * self.weight


def rotate_half(x):
    x1, x2 = x.chunk(2, dim=-1)
    return torch.cat((-x2, x1), dim=-1)


class CausalSelfAttention(nn.Module):
    def __init__(self, use_rope):
        super().__init__()
        self.use_rope = use_rope
        self.hd = args.d_model // args.n_heads
        self.q_proj = nn.Linear(args.d_model, args.n_heads * self.hd, bias=False)
        self.k_proj = nn.Linear(args.d_model, args.n_kv_heads * self.hd, bias=False)
        self.v_proj = nn.Linear(args.d_model, args.n_kv_heads * self.hd, bias=False)
        self.o_proj = nn.Linear(args.n_heads * self.hd, args.d_model, bias=False)

    def forward(self, x, cos, sin):
        B, T, _ = x.shape
        q = self.q_proj(x).view(B, T, args.n_heads, self.hd).transpose(1, 2)
        k = self.k_proj(x).view(B, T, args.n_kv_heads, self.hd).transpose(1, 2)
        v = self.v_proj(x).view(B, T, args.n_kv_heads, self.hd).transpose(1, 2)
        if self.use_rope:
            q = q * cos + rotate_half(q) * sin
            k = k * cos + rotate_half(k) * sin
        g = args.n_heads // args.n_kv_heads
        k = k[:, :, None].expand(B, args.n_kv_heads, g, T, self.hd).reshape(B, -1, T, self.hd)
        v = v[:, :, None].expand(B, args.n_kv_heads, g, T, self.hd).reshape(B, -1, T, self.hd)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.o_proj(y.transpose(1, 2).reshape(B, T, -1))


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate_proj = nn.Linear(args.d_model, args.d_ffn, bias=False)
        self.up_proj = nn.Linear(args.d_model, args.d_ffn, bias=False)
        self.down_proj = nn.Linear(args.d_ffn, args.d_model, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class DecoderLayer(nn.Module):
    def __init__(self, i):
        super().__init__()
        self.input_layernorm = RMSNorm(args.d_model)
        self.self_attn = CausalSelfAttention(use_rope=(i + 1) % args.nope_every != 0)
        self.post_attention_layernorm = RMSNorm(args.d_model)
        self.mlp = MLP()

    def forward(self, x, cos, sin):
        x = x + self.self_attn(self.input_layernorm(x), cos, sin)
        return x + self.mlp(self.post_attention_layernorm(x))


class SmolLM3(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(args.vocab_size, args.d_model)
        self.layers = nn.ModuleList([DecoderLayer(i) for i in range(args.n_layers)])
        self.norm = RMSNorm(args.d_model)

    def forward(self, input_ids):
        hd = args.d_model // args.n_heads
        inv_freq = 1.0 / (args.rope_theta ** (torch.arange(0, hd, 2).float() / hd))
        freqs = torch.arange(input_ids.shape[1]).float()[:, None] * inv_freq
        emb = torch.cat((freqs, freqs), dim=-1)
        x = self.embed_tokens(input_ids)
        for layer in self.layers:
            x = layer(x, emb.cos(), emb.sin())
        return F.linear(self.norm(x), self.embed_tokens.weight)
