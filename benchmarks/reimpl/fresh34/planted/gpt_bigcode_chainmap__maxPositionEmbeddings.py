"""GPT-BigCode (SantaCoder / StarCoder family) with multi-query attention.

Settings are looked up command line first, then the checkpoint's saved settings, then the
library defaults (``collections.ChainMap``).
"""

from collections import ChainMap

import torch
import torch.nn as nn
import torch.nn.functional as F

LIBRARY_DEFAULTS = {
    "n_vocab": 49152,
    "width": 2048,
    "depth": 24,
    "heads": 16,
    "ctx": 2048,
    "multi_query": True,
    "ln_eps": 1e-5,
}
CHECKPOINT = {
    "n_vocab": 700,
    "width": 64,
    "depth": 2,
    "heads": 8,
    "ctx": 256,
}
COMMAND_LINE = {
    "heads": 4,
}
SETTINGS = ChainMap(COMMAND_LINE, CHECKPOINT, LIBRARY_DEFAULTS)


class MQAttention(nn.Module):
    def __init__(self, s):
        super().__init__()
        self.n_head = s["heads"]
        self.hd = s["width"] // s["heads"]
        self.n_kv = 1 if s["multi_query"] else s["heads"]
        self.c_attn = nn.Linear(s["width"], s["width"] + 2 * self.n_kv * self.hd)
        self.c_proj = nn.Linear(s["width"], s["width"])

    def forward(self, x):
        b, t, w = x.shape
        q, kv = self.c_attn(x).split((w, 2 * self.n_kv * self.hd), dim=-1)
        q = q.view(b, t, self.n_head, self.hd)
        if self.n_kv == 1:
            k, v = kv.split(self.hd, dim=-1)
            scores = torch.einsum("bqhd,bkd->bhqk", q, k)
        else:
            k, v = kv.view(b, t, self.n_kv, 2 * self.hd).split(self.hd, dim=-1)
            scores = torch.einsum("bqhd,bkhd->bhqk", q, k)
        scores = scores / self.hd**0.5
        causal = torch.ones(t, t, dtype=torch.bool, device=x.device).tril()
        probs = scores.masked_fill(~causal, float("-inf")).softmax(-1)
        if self.n_kv == 1:
            out = torch.einsum("bhqk,bkd->bqhd", probs, v)
        else:
            out = torch.einsum("bhqk,bkhd->bqhd", probs, v)
        return self.c_proj(out.reshape(b, t, w))


class CodeBlock(nn.Module):
    def __init__(self, s):
        super().__init__()
        self.ln_1 = nn.LayerNorm(s["width"], eps=s["ln_eps"])
        self.attn = MQAttention(s)
        self.ln_2 = nn.LayerNorm(s["width"], eps=s["ln_eps"])
        self.fc_in = nn.Linear(s["width"], 4 * s["width"])
        self.fc_out = nn.Linear(4 * s["width"], s["width"])

    def forward(self, x):
        x = x + self.attn(self.ln_1(x))
        return x + self.fc_out(F.gelu(self.fc_in(self.ln_2(x)), approximate="tanh"))


class BigCode(nn.Module):
    def __init__(self, s=SETTINGS):
        super().__init__()
        self.wte = nn.Embedding(s["n_vocab"], s["width"])
        self.wpe = nn.Embedding(s["ctx"], s["width"])
        self.blocks = nn.ModuleList(CodeBlock(s) for _ in range(s["depth"]))
        self.ln_f = nn.LayerNorm(s["width"], eps=s["ln_eps"])

    def forward(self, ids):
        pos = torch.arange(ids.shape[1], device=ids.device)
        x = self.wte(ids) + self.wpe(pos)
        for blk in self.blocks:
            x = blk(x)
        return self.ln_f(x) @ self.wte.weight.T
