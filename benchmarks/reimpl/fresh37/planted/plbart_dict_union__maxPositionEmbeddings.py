"""PLBART (code summarisation seq2seq) for a small Java->English run.

The run config is three dicts merged with ``|``: the family card, the size preset, then the run's
own overrides (a later dict wins)."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F

FAMILY = {"vocab": 50005, "pad": 1, "max_len": 1024, "scale_emb": True, "act": "gelu"}
BASE_PRESET = {"d": 768, "enc_depth": 6, "dec_depth": 6, "n_heads": 12, "ffn": 3072}
RUN = {
    "vocab": 592,
    "d": 64,
    "enc_depth": 2,
    "dec_depth": 3,
    "n_heads": 4,
    "ffn": 160,
    "max_len": 128,
}
C = FAMILY | BASE_PRESET | RUN
POS_OFFSET = 2  # fairseq reserves the first two position rows


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.k_proj, self.v_proj, self.q_proj, self.out_proj = (
            nn.Linear(C["d"], C["d"]) for _ in range(4)
        )

    def forward(self, x, kv=None, mask=None):
        kv = x if kv is None else kv
        b, n, d = x.shape
        h = C["n_heads"]
        q = self.q_proj(x).reshape(b, n, h, d // h)
        k = self.k_proj(kv).reshape(b, kv.shape[1], h, d // h)
        v = self.v_proj(kv).reshape(b, kv.shape[1], h, d // h)
        s = torch.einsum("bnhd,bmhd->bhnm", q, k) * (d // h) ** -0.5
        if mask is not None:
            s = s + mask
        return self.out_proj(torch.einsum("bhnm,bmhd->bnhd", s.softmax(-1), v).reshape(b, n, d))


class EncoderLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.self_attn = Attention()
        self.ln1 = nn.LayerNorm(C["d"])
        self.fc1 = nn.Linear(C["d"], C["ffn"])
        self.fc2 = nn.Linear(C["ffn"], C["d"])
        self.ln2 = nn.LayerNorm(C["d"])

    def forward(self, x):
        x = self.ln1(x + self.self_attn(x))
        return self.ln2(x + self.fc2(F.gelu(self.fc1(x))))


class DecoderLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.self_attn = Attention()
        self.ln1 = nn.LayerNorm(C["d"])
        self.cross_attn = Attention()
        self.ln2 = nn.LayerNorm(C["d"])
        self.fc1 = nn.Linear(C["d"], C["ffn"])
        self.fc2 = nn.Linear(C["ffn"], C["d"])
        self.ln3 = nn.LayerNorm(C["d"])

    def forward(self, y, mem, mask):
        y = self.ln1(y + self.self_attn(y, mask=mask))
        y = self.ln2(y + self.cross_attn(y, kv=mem))
        return self.ln3(y + self.fc2(F.gelu(self.fc1(y))))


class Stack(nn.Module):
    def __init__(self, layer_cls, depth):
        super().__init__()
        self.pos = nn.Embedding(C["max_len"] + POS_OFFSET, C["d"])
        self.ln_emb = nn.LayerNorm(C["d"])
        self.layers = nn.ModuleList(layer_cls() for _ in range(depth))

    def embed(self, tok_emb):
        n = tok_emb.shape[1]
        where = torch.arange(n, device=tok_emb.device) + POS_OFFSET
        return self.ln_emb(tok_emb + self.pos(where))


class PLBart(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(C["vocab"], C["d"], padding_idx=C["pad"])
        self.enc = Stack(EncoderLayer, C["enc_depth"])
        self.dec = Stack(DecoderLayer, C["dec_depth"])

    def forward(self, src, tgt):
        scale = math.sqrt(C["d"]) if C["scale_emb"] else 1.0
        x = self.enc.embed(self.emb(src) * scale)
        for layer in self.enc.layers:
            x = layer(x)
        t = tgt.shape[1]
        causal = torch.full((t, t), float("-inf"), device=tgt.device).triu(1)
        y = self.dec.embed(self.emb(tgt) * scale)
        for layer in self.dec.layers:
            y = layer(y, x, causal)
        return y, x
