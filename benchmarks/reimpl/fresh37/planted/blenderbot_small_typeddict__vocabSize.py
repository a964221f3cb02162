"""BlenderBot-90M (BlenderbotSmall) seq2seq rewritten for a dialogue-safety probe.

Sizes are a TypedDict literal so the type checker sees every key the training script reads.
"""

import math
from typing import TypedDict

import torch
import torch.nn as nn
import torch.nn.functional as F


class BBConfig(TypedDict):
    vocab: int
    d_model: int
    enc_layers: int
    dec_layers: int
    heads: int
    enc_ffn: int
    dec_ffn: int
    max_pos: int
    pad: int


CFG: BBConfig = {
    "vocab": 640,
    "d_model": 64,
    "enc_layers": 2,
    "dec_layers": 2,
    "heads": 4,
    "enc_ffn": 128,
    "dec_ffn": 192,
    "max_pos": 128,
    "pad": 0,
}


class MHA(nn.Module):
    def __init__(self):
        super().__init__()
        d = CFG["d_model"]
        self.q = nn.Linear(d, d)
        self.k = nn.Linear(d, d)
        self.v = nn.Linear(d, d)
        self.o = nn.Linear(d, d)

    def forward(self, x, memory=None, causal=False):
        src = x if memory is None else memory
        nh = CFG["heads"]
        dh = CFG["d_model"] // nh

        def heads(t):
            return t.view(t.shape[0], t.shape[1], nh, dh).transpose(1, 2)

        q, k, v = heads(self.q(x)), heads(self.k(src)), heads(self.v(src))
        w = q @ k.transpose(-1, -2) / math.sqrt(dh)
        if causal:
            n = x.shape[1]
            w = w.masked_fill(
                torch.triu(torch.ones(n, n, dtype=torch.bool, device=x.device), 1), -1e9
            )
        y = (w.softmax(-1) @ v).transpose(1, 2).flatten(2)
        return self.o(y)


class EncLayer(nn.Module):
    def __init__(self):
        super().__init__()
        d = CFG["d_model"]
        self.sa = MHA()
        self.sa_norm = nn.LayerNorm(d)
        self.ff1 = nn.Linear(d, CFG["enc_ffn"])
        self.ff2 = nn.Linear(CFG["enc_ffn"], d)
        self.ff_norm = nn.LayerNorm(d)

    def forward(self, x):
        x = self.sa_norm(x + self.sa(x))
        return self.ff_norm(x + self.ff2(F.gelu(self.ff1(x))))


class DecLayer(nn.Module):
    def __init__(self):
        super().__init__()
        d = CFG["d_model"]
        self.sa = MHA()
        self.sa_norm = nn.LayerNorm(d)
        self.xa = MHA()
        self.xa_norm = nn.LayerNorm(d)
        self.ff1 = nn.Linear(d, CFG["dec_ffn"])
        self.ff2 = nn.Linear(CFG["dec_ffn"], d)
        self.ff_norm = nn.LayerNorm(d)

    def forward(self, y, memory):
        y = self.sa_norm(y + self.sa(y, causal=True))
        y = self.xa_norm(y + self.xa(y, memory))
        return self.ff_norm(y + self.ff2(F.gelu(self.ff1(y))))


class BlenderbotSmall(nn.Module):
    def __init__(self):
        super().__init__()
        d = CFG["d_model"]
        self.tokens = nn.Embedding(CFG["vocab"], d, padding_idx=CFG["pad"])
        self.enc_pos = nn.Embedding(CFG["max_pos"], d)
        self.dec_pos = nn.Embedding(CFG["max_pos"], d)
        self.enc_emb_norm = nn.LayerNorm(d)
        self.dec_emb_norm = nn.LayerNorm(d)
        self.encoder = nn.ModuleList(EncLayer() for _ in range(CFG["enc_layers"]))
        self.decoder = nn.ModuleList(DecLayer() for _ in range(CFG["dec_layers"]))

    def forward(self, src, tgt):
        x = self.enc_emb_norm(self.tokens(src) + self.enc_pos.weight[: src.shape[1]])
        for layer in self.encoder:
            x = layer(x)
        # the decoder normalises the token embedding before the positions are added
        y = self.dec_emb_norm(self.tokens(tgt)) + self.dec_pos.weight[: tgt.shape[1]]
        for layer in self.decoder:
            y = layer(y, x)
        return y, x
