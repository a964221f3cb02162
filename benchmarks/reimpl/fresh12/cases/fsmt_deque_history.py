"""An FSMT-style (fairseq WMT) translation model: separate source and target vocabularies,
sinusoidal positions held as embedding tables, post-norm layers, an untied output projection."""

import math
from collections import deque

import torch
import torch.nn as nn
import torch.nn.functional as F

# every resize of the model was appended here; only the latest entry is kept
HISTORY = deque(maxlen=1)
HISTORY.append(dict(src=32000, tgt=32000, d=1024, enc=6, dec=6, heads=16, ffn=4096, pos=1024))
HISTORY.append(dict(src=320, tgt=288, d=64, enc=2, dec=2, heads=4, ffn=128, pos=64))
CFG = HISTORY[-1]
PAD = 1


def sinusoids(n, d):
    half = d // 2
    f = math.log(10000) / (half - 1)
    f = torch.exp(torch.arange(half).float() * -f)
    ang = torch.arange(n).float()[:, None] * f[None]
    table = torch.cat([ang.sin(), ang.cos()], 1)
    table[PAD] = 0
    return table


class Positions(nn.Embedding):
    def __init__(self):
        super().__init__(CFG["pos"] + PAD + 1, CFG["d"], padding_idx=PAD)
        with torch.no_grad():
            self.weight.copy_(sinusoids(CFG["pos"] + PAD + 1, CFG["d"]))

    def forward(self, ids):
        mask = ids.ne(PAD).int()
        return super().forward(torch.cumsum(mask, 1) * mask + PAD)


class MHA(nn.Module):
    def __init__(self):
        super().__init__()
        d = CFG["d"]
        self.k_proj, self.v_proj, self.q_proj = nn.Linear(d, d), nn.Linear(d, d), nn.Linear(d, d)
        self.out_proj = nn.Linear(d, d)

    def forward(self, x, mem=None, causal=False):
        mem = x if mem is None else mem
        b, t, d = x.shape
        h = CFG["heads"]
        q = self.q_proj(x).view(b, t, h, -1).transpose(1, 2)
        k = self.k_proj(mem).view(b, mem.shape[1], h, -1).transpose(1, 2)
        v = self.v_proj(mem).view(b, mem.shape[1], h, -1).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=causal)
        return self.out_proj(o.transpose(1, 2).reshape(b, t, d))


class EncLayer(nn.Module):
    def __init__(self):
        super().__init__()
        d = CFG["d"]
        self.self_attn, self.self_attn_layer_norm = MHA(), nn.LayerNorm(d)
        self.fc1, self.fc2 = nn.Linear(d, CFG["ffn"]), nn.Linear(CFG["ffn"], d)
        self.final_layer_norm = nn.LayerNorm(d)

    def forward(self, x):
        x = self.self_attn_layer_norm(x + self.self_attn(x))
        return self.final_layer_norm(x + self.fc2(F.relu(self.fc1(x))))


class DecLayer(EncLayer):
    def __init__(self):
        super().__init__()
        self.encoder_attn, self.encoder_attn_layer_norm = MHA(), nn.LayerNorm(CFG["d"])

    def forward(self, x, mem):
        x = self.self_attn_layer_norm(x + self.self_attn(x, causal=True))
        x = self.encoder_attn_layer_norm(x + self.encoder_attn(x, mem))
        return self.final_layer_norm(x + self.fc2(F.relu(self.fc1(x))))


class FSMT(nn.Module):
    def __init__(self):
        super().__init__()
        d = CFG["d"]
        self.src_embed = nn.Embedding(CFG["src"], d, padding_idx=PAD)
        self.tgt_embed = nn.Embedding(CFG["tgt"], d, padding_idx=PAD)
        self.src_pos, self.tgt_pos = Positions(), Positions()
        self.encoder = nn.ModuleList(EncLayer() for _ in range(CFG["enc"]))
        self.decoder = nn.ModuleList(DecLayer() for _ in range(CFG["dec"]))
        self.output_projection = nn.Linear(d, CFG["tgt"], bias=False)

    def forward(self, src, tgt):
        scale = math.sqrt(CFG["d"])
        x = self.src_embed(src) * scale + self.src_pos(src)
        for layer in self.encoder:
            x = layer(x)
        y = self.tgt_embed(tgt) * scale + self.tgt_pos(tgt)
        for layer in self.decoder:
            y = layer(y, x)
        return self.output_projection(y)
