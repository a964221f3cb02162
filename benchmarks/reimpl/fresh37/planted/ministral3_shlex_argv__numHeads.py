"""Ministral 3 (dense) student for a long-context probe. The run is launched from a shell line
that is parsed here with shlex + argparse so the notebook and the cluster agree."""

import argparse
import math
import shlex

import torch
import torch.nn as nn
import torch.nn.functional as F

LAUNCH = (
    "train.py --vocab 720 --dim 64 --hidden 192 --n-layers 2 --n-heads 8"
    " --n-kv-heads 2 --head-dim 32 --window 24 --rope-theta 1000000.0"
    " --norm-eps 1e-5 --attn-beta 0.1 --beta-span 16"
)

parser = argparse.ArgumentParser()
parser.add_argument("--vocab", type=int, default=131072)
parser.add_argument("--dim", type=int, default=3072)
parser.add_argument("--hidden", type=int, default=9216)
parser.add_argument("--n-layers", type=int, default=26)
parser.add_argument("--n-heads", type=int, default=32)
parser.add_argument("--n-kv-heads", type=int, default=8)
parser.add_argument("--head-dim", type=int, default=128)
parser.add_argument("--window", type=int, default=None)
parser.add_argument("--rope-theta", type=float, default=1000000.0)
parser.add_argument("--norm-eps", type=float, default=1e-5)
parser.add_argument("--attn-beta", type=float, default=0.1)
parser.add_argument("--beta-span", type=int, default=16384)
args = parser.parse_args(shlex.split(LAUNCH)[1:])


class RMSNorm(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        x32 = x.float()
        return self.weight * (x32 * (x32 * x32).mean(-1, keepdim=True).add(args.norm_eps).rsqrt())


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        q_out = args.n_heads * args.head_dim
        kv_out = args.n_kv_heads * args.head_dim
        self.wq, self.wo = nn.Linear(args.dim, q_out, False), nn.Linear(q_out, args.dim, False)
        self.wk, self.wv = (nn.Linear(args.dim, kv_out, False) for _ in "kv")

    def forward(self, x, cos, sin, temp, bias):
        b, t, _ = x.shape
        hd = args.head_dim
        q = self.wq(x).view(b, t, args.n_heads, hd).permute(0, 2, 1, 3)
        k = self.wk(x).view(b, t, args.n_kv_heads, hd).permute(0, 2, 1, 3)
        v = self.wv(x).view(b, t, args.n_kv_heads, hd).permute(0, 2, 1, 3)
        q1, q2 = q[..., : hd // 2], q[..., hd // 2 :]
        k1, k2 = k[..., : hd // 2], k[..., hd // 2 :]
        q = torch.cat([q1 * cos - q2 * sin, q2 * cos + q1 * sin], -1)
        k = torch.cat([k1 * cos - k2 * sin, k2 * cos + k1 * sin], -1)
        q = q * temp  # llama-4 style length temperature on the queries
        g = args.n_heads // args.n_kv_heads
        q = q.reshape(b, args.n_kv_heads, g * t, hd)
        att = (q @ k.transpose(-1, -2)).view(b, args.n_kv_heads, g, t, t) / math.sqrt(hd)
        att = F.softmax(att + bias, dim=-1)
        out = (att.view(b, args.n_kv_heads, g * t, t) @ v).view(b, args.n_heads, t, hd)
        return self.wo(out.transpose(1, 2).reshape(b, t, -1))


class FeedForward(nn.Module):
    def __init__(self):
        super().__init__()
        self.w1 = nn.Linear(args.dim, args.hidden, bias=False)
        self.w2 = nn.Linear(args.hidden, args.dim, bias=False)
        self.w3 = nn.Linear(args.dim, args.hidden, bias=False)

    def forward(self, x):
        return self.w2(F.silu(self.w1(x)).mul(self.w3(x)))


class TransformerBlock(nn.Module):
    def __init__(self):
        super().__init__()
        self.attention_norm = RMSNorm(args.dim)
        self.attention = Attention()
        self.ffn_norm = RMSNorm(args.dim)
        self.feed_forward = FeedForward()

    def forward(self, x, *extras):
        x = x + self.attention(self.attention_norm(x), *extras)
        return x + self.feed_forward(self.ffn_norm(x))


class Ministral(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok_embeddings = nn.Embedding(args.vocab, args.dim)
        self.layers = nn.ModuleList([TransformerBlock() for _ in range(args.n_layers)])
        self.norm = RMSNorm(args.dim)
        self.output = nn.Linear(args.dim, args.vocab, bias=False)

    def forward(self, tokens):
        t = tokens.shape[1]
        pos = torch.arange(t, device=tokens.device).float()
        hd = args.head_dim
        inv = args.rope_theta ** (-torch.arange(0, hd, 2, device=tokens.device).float() / hd)
        ang = pos[:, None] * inv[None, :]
        temp = 1 + args.attn_beta * torch.log1p(torch.floor(pos / args.beta_span))
        i, j = pos[:, None], pos[None, :]
        allowed = (j <= i) & (i - j < (args.window if args.window else t + 1))
        bias = torch.zeros(t, t, device=tokens.device).masked_fill(~allowed, float("-inf"))
        extras = (ang.cos(), ang.sin(), temp[:, None], bias)
        h = self.tok_embeddings(tokens)
        for layer in self.layers:
            h = layer(h, *extras)
        return self.output(self.norm(h))
