"""GPT-J with its hyper-parameters in a ``collections.namedtuple`` whose ``defaults`` are
GPT-J-6B's; the run gives some fields, the MLP width (``None`` by default) is filled in as
four times the width with ``_replace``, and the body reads an ``argparse.Namespace`` made from
``_asdict()``. Rotary on interleaved pairs of only the first ``rotary_dim`` channels, from a
precomputed ``[max_positions, rotary_dim]`` sin|cos table kept as a non-persistent buffer, a
parallel block (attention and MLP share one LayerNorm), bias-free q/k/v/out, and an untied
head with a bias."""

import math
from argparse import Namespace
from collections import namedtuple

import torch
import torch.nn as nn
import torch.nn.functional as F

GPTJHParams = namedtuple(
    "GPTJHParams",
    ["vocab", "n_positions", "n_embd", "n_layer", "n_head", "rotary_dim", "n_inner", "ln_eps"],
    defaults=[50400, 2048, 4096, 28, 16, 64, None, 0.1],
)

HPARAMS = GPTJHParams(
    vocab=1000,
    n_positions=256,
    n_embd=64,
    n_layer=2,
    n_head=4,
    rotary_dim=8,
)
if HPARAMS.n_inner is None:
    HPARAMS = HPARAMS._replace(n_inner=4 * HPARAMS.n_embd)

opt = Namespace(**HPARAMS._asdict())
LN_EPS = opt.ln_eps


def sincos_table(n_pos, dim):
    inv = 1.0 / (10000 ** (torch.arange(0, dim, 2).float() / dim))
    ang = torch.einsum("i,j->ij", torch.arange(n_pos).float(), inv)
    return torch.cat((ang.sin(), ang.cos()), dim=1)


def rotate_every_two(x):
    x1, x2 = x[..., ::2], x[..., 1::2]
    return torch.stack((-x2, x1), dim=-1).flatten(-2)


class GPTJAttention(nn.Module):
    def __init__(self):
        super().__init__()
        self.hd = opt.n_embd // opt.n_head
        self.q_proj = nn.Linear(opt.n_embd, opt.n_embd, bias=False)
        self.k_proj = nn.Linear(opt.n_embd, opt.n_embd, bias=False)
        self.v_proj = nn.Linear(opt.n_embd, opt.n_embd, bias=False)
        self.out_proj = nn.Linear(opt.n_embd, opt.n_embd, bias=False)
        self.register_buffer(
            "embed_positions", sincos_table(opt.n_positions, opt.rotary_dim), persistent=False
        )

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q_proj(x).view(b, t, opt.n_head, self.hd)
        k = self.k_proj(x).view(b, t, opt.n_head, self.hd)
        v = self.v_proj(x).view(b, t, opt.n_head, self.hd).transpose(1, 2)
        sin, cos = self.embed_positions[:t].chunk(2, dim=-1)
        sin = sin.repeat_interleave(2, -1)[None, :, None]
        cos = cos.repeat_interleave(2, -1)[None, :, None]
        r = opt.rotary_dim
        q = torch.cat((q[..., :r] * cos + rotate_every_two(q[..., :r]) * sin, q[..., r:]), -1)
        k = torch.cat((k[..., :r] * cos + rotate_every_two(k[..., :r]) * sin, k[..., r:]), -1)
        q, k = q.transpose(1, 2), k.transpose(1, 2)
        s = (q @ k.transpose(-1, -2)) / math.sqrt(self.hd)
        s = s.masked_fill(torch.ones(t, t, dtype=torch.bool).triu(1), torch.finfo(s.dtype).min)
        y = s.softmax(-1) @ v
        return self.out_proj(y.transpose(1, 2).reshape(b, t, -1))


class GPTJBlock(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln_1 = nn.LayerNorm(opt.n_embd, eps=LN_EPS)
        self.attn = GPTJAttention()
        self.fc_in = nn.Linear(opt.n_embd, opt.n_inner)
        self.fc_out = nn.Linear(opt.n_inner, opt.n_embd)

    def forward(self, x):
        h = self.ln_1(x)
        return x + self.attn(h) + self.fc_out(F.gelu(self.fc_in(h), approximate="tanh"))


class GPTJ(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte = nn.Embedding(opt.vocab, opt.n_embd)
        self.h = nn.ModuleList([GPTJBlock() for _ in range(opt.n_layer)])
        self.ln_f = nn.LayerNorm(opt.n_embd, eps=LN_EPS)
        self.lm_head = nn.Linear(opt.n_embd, opt.vocab)

    def forward(self, ids):
        x = self.wte(ids)
        for blk in self.h:
            x = blk(x)
        return self.lm_head(self.ln_f(x))
