"""A Moonshine-style speech model: a strided conv front end on raw audio, pre-norm encoder layers,
a decoder with gated MLPs and cross-attention; partial rotary positions; no output head."""

from itertools import takewhile

import torch
import torch.nn as nn
import torch.nn.functional as F

# our settings file: the current block, then a separator, then the retired sizes
RAW = [
    ("vocab", 320),
    ("hidden", 64),
    ("ffn", 128),
    ("enc_layers", 2),
    ("dec_layers", 2),
    ("heads", 4),
    ("---", 0),
    ("vocab", 32768),
    ("hidden", 288),
    ("enc_layers", 6),
]
S = dict(takewhile(lambda kv: kv[0] != "---", RAW))
D, HEADS = S["hidden"], S["heads"]
HD = D // HEADS
ROT = int(HD * 0.9) // 2 * 2
THETA = 10000.0


def rope(x):
    inv = 1.0 / THETA ** (torch.arange(0, ROT, 2).float() / ROT)
    ang = torch.arange(x.shape[-2]).float()[:, None] * inv
    cos, sin = ang.cos().repeat_interleave(2, -1), ang.sin().repeat_interleave(2, -1)
    r, p = x[..., :ROT], x[..., ROT:]
    turned = torch.stack([-r[..., 1::2], r[..., 0::2]], -1).flatten(-2)
    return torch.cat([r * cos + turned * sin, p], -1)


def norm():
    return nn.LayerNorm(D, bias=False)


class Attn(nn.Module):
    def __init__(self, rotary):
        super().__init__()
        self.rotary = rotary
        self.q, self.k, self.v, self.o = (nn.Linear(D, D, bias=False) for _ in range(4))

    def forward(self, x, mem=None, causal=False):
        mem = x if mem is None else mem
        b, t, _ = x.shape
        q = self.q(x).view(b, t, HEADS, HD).transpose(1, 2)
        k = self.k(mem).view(b, mem.shape[1], HEADS, HD).transpose(1, 2)
        v = self.v(mem).view(b, mem.shape[1], HEADS, HD).transpose(1, 2)
        if self.rotary:
            q, k = rope(q), rope(k)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=causal)
        return self.o(o.transpose(1, 2).reshape(b, t, D))


class EncoderLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.n1, self.attn, self.n2 = norm(), Attn(True), norm()
        self.fc1, self.fc2 = nn.Linear(D, S["ffn"]), nn.Linear(S["ffn"], D)

    def forward(self, x):
        x = x + self.attn(self.n1(x))
        return x + self.fc2(F.gelu(self.fc1(self.n2(x))))


class DecoderLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.n1, self.self_attn = norm(), Attn(True)
        self.n2, self.cross_attn = norm(), Attn(False)
        self.n3 = norm()
        self.fc1, self.fc2 = nn.Linear(D, 2 * S["ffn"]), nn.Linear(S["ffn"], D)

    def forward(self, x, mem):
        x = x + self.self_attn(self.n1(x), causal=True)
        x = x + self.cross_attn(self.n2(x), mem)
        h, gate = self.fc1(self.n3(x)).chunk(2, -1)
        return x + self.fc2(F.silu(gate) * h)


class Moonshine(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv1d(1, D, 127, 64, bias=False)
        self.groupnorm = nn.GroupNorm(1, D)
        self.conv2 = nn.Conv1d(D, 2 * D, 7, 3)
        self.conv3 = nn.Conv1d(2 * D, D, 3, 2)
        self.encoder = nn.ModuleList(EncoderLayer() for _ in range(S["enc_layers"]))
        self.encoder_norm = norm()
        self.embed = nn.Embedding(S["vocab"], D)
        self.decoder = nn.ModuleList(DecoderLayer() for _ in range(S["dec_layers"]))
        self.decoder_norm = norm()

    def forward(self, audio, ids):
        x = self.groupnorm(torch.tanh(self.conv1(audio[:, None])))
        x = F.gelu(self.conv3(F.gelu(self.conv2(x)))).transpose(1, 2)
        for layer in self.encoder:
            x = layer(x)
        mem = self.encoder_norm(x)
        y = self.embed(ids)
        for layer in self.decoder:
            y = layer(y, mem)
        return self.decoder_norm(y)
