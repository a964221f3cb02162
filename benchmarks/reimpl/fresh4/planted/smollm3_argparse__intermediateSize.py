"""SmolLM3: hyper-parameters from an ``argparse`` parser's defaults (``parse_args([])``), a
NoPE layer every ``--nope-every`` layers (no rotary at all there), grouped-query attention by
``expand`` + ``reshape``, and the output tied by ``F.linear`` on the embedding matrix."""

import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F

parser = argparse.ArgumentParser(description="train a small SmolLM3")
parser.add_argument("--vocab-size", type=int, default=1024)
parser.add_argument("--d-model", type=int, default=64)
parser.add_argument("--n-layers", type=int, default=4)
parser.add_argument("--n-heads", type=int, default=4)
parser.add_argument("--n-kv-heads", type=int, default=1)
parser.add_argument("--d-ffn", type=int, default=256)
parser.add_argument("--nope-every", type=int, default=4)
parser.add_argument("--rope-theta", type=float, default=2000000.0)
parser.add_argument("--rms-eps", type=float, default=1e-6)
args = parser.parse_args([])


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
