"""GPT-BigCode port: the sizes are a row of a small sheet whose delimiter is not fixed (the
sheet is exported from a spreadsheet, ``;`` here), detected with ``csv.Sniffer`` and read with
``csv.DictReader``; the row's cells override a NamedTuple whose defaults are StarCoderBase's."""

import csv
import io
from typing import NamedTuple

import torch
import torch.nn as nn
import torch.nn.functional as F

SIZES = """\
name;vocab;n_ctx;n_embd;n_layer;n_head;n_inner
starcoderbase;49152;8192;6144;40;48;24576
tiny;800;256;96;2;4;224
"""
DIALECT = csv.Sniffer().sniff(SIZES.splitlines()[0], delimiters=";,\t")
ROW = next(r for r in csv.DictReader(io.StringIO(SIZES), dialect=DIALECT) if r["name"] == "tiny")


class HParams(NamedTuple):
    vocab: int = 49152
    n_ctx: int = 8192
    n_embd: int = 6144
    n_layer: int = 40
    n_head: int = 48
    n_inner: int = 24576
    eps: float = 1e-5


HP = HParams(**{key: int(cell) for key, cell in ROW.items() if key != "name"})


class MQAttention(nn.Module):
    def __init__(self, hp: HParams):
        super().__init__()
        self.n_head = hp.n_head
        self.head_dim = hp.n_embd // hp.n_head
        self.c_attn = nn.Linear(hp.n_embd, hp.n_embd + 2 * self.head_dim)
        self.c_proj = nn.Linear(hp.n_embd, hp.n_embd)

    def forward(self, x):
        b, t, d = x.shape
        q, kv = self.c_attn(x).split((d, 2 * self.head_dim), dim=-1)
        k, v = kv.split(self.head_dim, dim=-1)
        q = q.view(b, t, self.n_head, self.head_dim).transpose(1, 2)
        k, v = k[:, None], v[:, None]  # one head, broadcast over the query heads
        s = (q @ k.transpose(-1, -2)) * self.head_dim**-0.5
        s = s.masked_fill(torch.ones(t, t, dtype=torch.bool).triu(1), float("-inf"))
        y = s.softmax(-1) @ v
        return self.c_proj(y.transpose(1, 2).reshape(b, t, d))


class Block(nn.Module):
    def __init__(self, hp: HParams):
        super().__init__()
        self.ln_1 = nn.LayerNorm(hp.n_embd, eps=hp.eps)
        self.attn = MQAttention(hp)
        self.ln_2 = nn.LayerNorm(hp.n_embd, eps=hp.eps)
        self.c_fc = nn.Linear(hp.n_embd, hp.n_inner)
        self.c_proj = nn.Linear(hp.n_inner, hp.n_embd)

    def forward(self, x):
        x = x + self.attn(self.ln_1(x))
        return x + self.c_proj(F.gelu(self.c_fc(self.ln_2(x)), approximate="tanh"))


class BigCode(nn.Module):
    def __init__(self, hp: HParams = HP):
        super().__init__()
        self.wte = nn.Embedding(hp.vocab, hp.n_embd)
        self.wpe = nn.Embedding(hp.n_ctx, hp.n_embd)
        self.h = nn.ModuleList([Block(hp) for _ in range(hp.n_layer)])
        self.ln_f = nn.LayerNorm(hp.n_embd, eps=hp.eps)

    def forward(self, ids):
        x = self.wte(ids) + self.wpe(torch.arange(ids.shape[1]))
        for blk in self.h:
            x = blk(x)
        return self.ln_f(x) @ self.wte.weight.t()
