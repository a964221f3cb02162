"""GPT-1 from the paper, written out for a course: post-norm blocks, one fused qkv matrix, the
output layer tied to the token table. The sizes are our training script's flags."""

import argparse
import math

import torch
import torch.nn.functional as F
from torch import nn

parser = argparse.ArgumentParser(description="train a tiny GPT-1")
parser.add_argument("--n_vocab", type=int, default=40478)
parser.add_argument("--n_ctx", type=int, default=512)
parser.add_argument("--n_embd", type=int, default=768)
parser.add_argument("--n_head", type=int, default=12)
parser.add_argument("--n_layer", type=int, default=12)
parser.add_argument("--ln_eps", type=float, default=1e-5)
HP = parser.parse_args(
    [
        "--n_vocab=600",
        "--n_ctx=64",
        "--n_embd=64",
        "--n_head=8",
        "--n_layer=2",
        "--ln_eps=1e-5",
    ]
)


class FusedSelfAttention(nn.Module):
    def __init__(self, width: int, heads: int, ctx: int):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(width, 3 * width)
        self.proj = nn.Linear(width, width)
        self.register_buffer("causal", torch.ones(ctx, ctx).tril().bool(), persistent=False)

    def forward(self, x):
        b, t, w = x.shape
        q, k, v = self.qkv(x).view(b, t, 3, self.heads, w // self.heads).unbind(2)
        scores = torch.einsum("bqhd,bkhd->bhqk", q, k) / math.sqrt(w // self.heads)
        scores = scores.masked_fill(~self.causal[:t, :t], float("-inf"))
        mixed = torch.einsum("bhqk,bkhd->bqhd", scores.softmax(-1), v)
        return self.proj(mixed.reshape(b, t, w))


class PostNormBlock(nn.Module):
    def __init__(self, hp):
        super().__init__()
        self.attn = FusedSelfAttention(hp.n_embd, hp.n_head, hp.n_ctx)
        self.norm_a = nn.LayerNorm(hp.n_embd, eps=hp.ln_eps)
        self.fc_in = nn.Linear(hp.n_embd, 4 * hp.n_embd)
        self.fc_out = nn.Linear(4 * hp.n_embd, hp.n_embd)
        self.norm_m = nn.LayerNorm(hp.n_embd, eps=hp.ln_eps)

    def forward(self, x):
        x = self.norm_a(x + self.attn(x))
        return self.norm_m(x + self.fc_out(F.gelu(self.fc_in(x), approximate="tanh")))


class GPT1(nn.Module):
    def __init__(self, hp=HP):
        super().__init__()
        self.tok = nn.Embedding(hp.n_vocab, hp.n_embd)
        self.pos = nn.Embedding(hp.n_ctx, hp.n_embd)
        self.blocks = nn.ModuleList(PostNormBlock(hp) for _ in range(hp.n_layer))

    def forward(self, idx):
        x = self.tok(idx) + self.pos(torch.arange(idx.shape[1], device=idx.device))
        for block in self.blocks:
            x = block(x)
        return x @ self.tok.weight.T
