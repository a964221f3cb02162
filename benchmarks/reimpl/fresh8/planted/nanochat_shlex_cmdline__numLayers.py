"""NanoChat configured by the launch command it was trained with, kept verbatim in the file
and split with ``shlex`` into ``--flag value`` pairs (dashes become underscores)."""

import shlex

import torch
import torch.nn as nn
import torch.nn.functional as F

LAUNCH = (
    "torchrun --nproc_per_node 8 base_train.py "
    "--vocab-size 768 "
    "--n-embd 64 "
    "--n-layer 3 "
    "--n-head 4 "
    "--n-kv-head 2 "
    "--mlp-hidden 256 "
    "--rope-base 10000.0"
)


def parse_flags(cmd: str) -> dict:
    toks = shlex.split(cmd)
    out = {}
    for flag, value in zip(toks, toks[1:]):
        if flag.startswith("--") and not value.startswith("--"):
            out[flag[2:].replace("-", "_")] = float(value) if "." in value else int(value)
    return out


CFG = parse_flags(LAUNCH)


def rmsnorm(x):
    return F.rms_norm(x, (x.shape[-1],))


class Block(nn.Module):
    def __init__(self, c):
        super().__init__()
        d, hd = c["n_embd"], c["n_embd"] // c["n_head"]
        self.c, self.hd = c, hd
        self.q = nn.Linear(d, c["n_head"] * hd, bias=False)
        self.k = nn.Linear(d, c["n_kv_head"] * hd, bias=False)
        self.v = nn.Linear(d, c["n_kv_head"] * hd, bias=False)
        self.o = nn.Linear(c["n_head"] * hd, d, bias=False)
        self.fc = nn.Linear(d, c["mlp_hidden"], bias=False)
        self.proj = nn.Linear(c["mlp_hidden"], d, bias=False)

    def forward(self, x):
        c, hd = self.c, self.hd
        b, t, d = x.shape
        h = rmsnorm(x)
        q = self.q(h).view(b, t, c["n_head"], hd).transpose(1, 2)
        k = self.k(h).view(b, t, c["n_kv_head"], hd).transpose(1, 2)
        v = self.v(h).view(b, t, c["n_kv_head"], hd).transpose(1, 2)
        inv = c["rope_base"] ** (-torch.arange(0, hd, 2).float() / hd)
        a = torch.outer(torch.arange(t).float(), inv)
        cos, sin = a.cos(), a.sin()

        def rot(z):
            z1, z2 = z.chunk(2, -1)
            return torch.cat((z1 * cos + z2 * sin, z2 * cos - z1 * sin), -1)

        q, k = rmsnorm(rot(q)), rmsnorm(rot(k))
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.o(y.transpose(1, 2).reshape(b, t, d))
        return x + self.proj(F.relu(self.fc(rmsnorm(x))).square())


class NanoGPT(nn.Module):
    def __init__(self, c=CFG):
        super().__init__()
        self.wte = nn.Embedding(c["vocab_size"], c["n_embd"])
        self.h = nn.ModuleList(Block(c) for _ in range(c["n_layer"]))
        self.lm_head = nn.Linear(c["n_embd"], c["vocab_size"], bias=False)

    def forward(self, idx):
        x = rmsnorm(self.wte(idx))
        for blk in self.h:
            x = blk(x)
        return 15.0 * torch.tanh(self.lm_head(rmsnorm(x)) / 15.0)
