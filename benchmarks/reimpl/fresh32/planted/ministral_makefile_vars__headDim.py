"""Ministral, from a repository driven by a Makefile: the model sizes are the Makefile's
``NAME ?= value`` variables (``make train N_LAYER=8`` would override them), read here with a
regular expression over the Makefile's text (kept beside the model as a string). Layer kinds from
a pattern string: S = sliding window, F = full attention."""

import math
import re

import torch
import torch.nn.functional as F
from torch import nn

MAKEFILE = """
PYTHON ?= python3
RUN_DIR ?= runs/ministral-tiny

# model
VOCAB ?= 640
DIM ?= 64
HIDDEN ?= 192
N_LAYER ?= 4
N_HEAD ?= 4
N_KV_HEAD ?= 1
HEAD_DIM ?= 32
WINDOW ?= 24
PATTERN ?= SSSF
ROPE_BASE ?= 1000000.0
NORM_EPS ?= 1e-5

train:
\t$(PYTHON) train.py --run-dir $(RUN_DIR)
"""

MAKE_VARS = dict(re.findall(r"^([A-Z_]+) \?= (\S+)$", MAKEFILE, flags=re.MULTILINE))
VOCAB = int(MAKE_VARS["VOCAB"])
DIM = int(MAKE_VARS["DIM"])
HIDDEN = int(MAKE_VARS["HIDDEN"])
N_LAYER = int(MAKE_VARS["N_LAYER"])
N_HEAD = int(MAKE_VARS["N_HEAD"])
N_KV_HEAD = int(MAKE_VARS["N_KV_HEAD"])
HEAD_DIM = int(MAKE_VARS["HEAD_DIM"])
WINDOW = int(MAKE_VARS["WINDOW"])
PATTERN = MAKE_VARS["PATTERN"]
ROPE_BASE = float(MAKE_VARS["ROPE_BASE"])
NORM_EPS = float(MAKE_VARS["NORM_EPS"])


def rms(x, w):
    x32 = x.float()
    return w * (x32 * torch.rsqrt(x32.pow(2).mean(-1, keepdim=True) + NORM_EPS)).type_as(x)


def rope_tables(n):
    inv = ROPE_BASE ** (-torch.arange(0, HEAD_DIM, 2).float() / HEAD_DIM)
    f = torch.outer(torch.arange(n).float(), inv)
    f = torch.cat([f, f], -1)
    return f.cos(), f.sin()


def rope(x, cos, sin):
    a, b = x.chunk(2, -1)
    return x * cos + torch.cat([-b, a], -1) * sin


class Layer(nn.Module):
    def __init__(self, kind):
        super().__init__()
        self.window = WINDOW if kind == "S" else None
        self.attn_norm = nn.Parameter(torch.ones(DIM))
        self.ffn_norm = nn.Parameter(torch.ones(DIM))
        self.wq = nn.Linear(DIM, N_HEAD * HEAD_DIM, bias=False)
        self.wk = nn.Linear(DIM, N_KV_HEAD * HEAD_DIM, bias=False)
        self.wv = nn.Linear(DIM, N_KV_HEAD * HEAD_DIM, bias=False)
        self.wo = nn.Linear(N_HEAD * HEAD_DIM, DIM, bias=False)
        self.w1 = nn.Linear(DIM, HIDDEN, bias=False)
        self.w3 = nn.Linear(DIM, HIDDEN, bias=False)
        self.w2 = nn.Linear(HIDDEN, DIM, bias=False)

    def forward(self, x, cos, sin):
        b, n, _ = x.shape
        h = rms(x, self.attn_norm)
        q = rope(self.wq(h).view(b, n, N_HEAD, HEAD_DIM).transpose(1, 2), cos, sin)
        k = rope(self.wk(h).view(b, n, N_KV_HEAD, HEAD_DIM).transpose(1, 2), cos, sin)
        v = self.wv(h).view(b, n, N_KV_HEAD, HEAD_DIM).transpose(1, 2)
        k = (
            k.expand(b, N_HEAD, n, HEAD_DIM)
            if N_KV_HEAD == 1
            else k.repeat_interleave(N_HEAD // N_KV_HEAD, 1)
        )
        v = (
            v.expand(b, N_HEAD, n, HEAD_DIM)
            if N_KV_HEAD == 1
            else v.repeat_interleave(N_HEAD // N_KV_HEAD, 1)
        )
        s = q @ k.transpose(-1, -2) / math.sqrt(HEAD_DIM)
        i = torch.arange(n)
        ok = i[None, :] <= i[:, None]
        if self.window is not None:
            ok &= i[:, None] - i[None, :] < self.window
        s = s.masked_fill(~ok, float("-inf"))
        o = (s.softmax(-1) @ v).transpose(1, 2).reshape(b, n, -1)
        x = x + self.wo(o)
        h = rms(x, self.ffn_norm)
        return x + self.w2(F.silu(self.w1(h)) * self.w3(h))


class Ministral(nn.Module):
    def __init__(self):
        super().__init__()
        assert len(PATTERN) and N_LAYER % len(PATTERN) == 0
        self.tok_embeddings = nn.Embedding(VOCAB, DIM)
        self.layers = nn.ModuleList(Layer(PATTERN[i % len(PATTERN)]) for i in range(N_LAYER))
        self.norm = nn.Parameter(torch.ones(DIM))
        self.output = nn.Linear(DIM, VOCAB, bias=False)

    def forward(self, ids):
        cos, sin = rope_tables(ids.shape[1])
        x = self.tok_embeddings(ids)
        for layer in self.layers:
            x = layer(x, cos, sin)
        return self.output(rms(x, self.norm))
