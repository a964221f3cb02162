"""ESM-2 protein language model: rotary tables (inverse frequencies, and cos / sin for the
longest sequence) computed once in ``__init__`` and kept as non-persistent buffers; pre-norm
blocks, the query scaled before the rotary, a final LayerNorm after the stack, a pooler, and
the contact-prediction head (one logistic regression over every layer's attention heads)."""

import torch
import torch.nn.functional as F
from torch import nn

ALPHABET = 33
D = 64
LAYERS = 3
HEADS = 4
FFN = 256
MAX_LEN = 256
PAD = 1
EPS = 1e-5
HEAD = D // HEADS


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn_ln = nn.LayerNorm(D, eps=EPS)
        self.q = nn.Linear(D, D)
        self.k = nn.Linear(D, D)
        self.v = nn.Linear(D, D)
        self.out = nn.Linear(D, D)
        self.ffn_ln = nn.LayerNorm(D, eps=EPS)
        self.fc1 = nn.Linear(D, FFN)
        self.fc2 = nn.Linear(FFN, D)

    def forward(self, x, cos, sin, key_bias):
        b, n, _ = x.shape
        h = self.attn_ln(x)
        q = self.q(h).view(b, n, HEADS, HEAD).transpose(1, 2) * HEAD**-0.5
        k = self.k(h).view(b, n, HEADS, HEAD).transpose(1, 2)
        v = self.v(h).view(b, n, HEADS, HEAD).transpose(1, 2)

        def rot(z):
            z1, z2 = z.chunk(2, -1)
            return z * cos + torch.cat([-z2, z1], -1) * sin

        att = (rot(q) @ rot(k).transpose(-1, -2) + key_bias).softmax(-1)
        x = x + self.out((att @ v).transpose(1, 2).reshape(b, n, D))
        return x + self.fc2(F.gelu(self.fc1(self.ffn_ln(x))))


class ESM2(nn.Module):
    def __init__(self):
        super().__init__()
        inv_freq = 1.0 / (10000.0 ** (torch.arange(0, HEAD, 2).float() / HEAD))
        ang = torch.outer(torch.arange(MAX_LEN).float(), inv_freq)
        ang = torch.cat([ang, ang], -1)
        self.register_buffer("inv_freq", inv_freq, persistent=False)
        self.register_buffer("cos_table", ang.cos(), persistent=False)
        self.register_buffer("sin_table", ang.sin(), persistent=False)
        self.embed_tokens = nn.Embedding(ALPHABET, D, padding_idx=PAD)
        self.blocks = nn.ModuleList(Block() for _ in range(LAYERS))
        self.final_ln = nn.LayerNorm(D, eps=EPS)
        self.pool = nn.Linear(D, D)
        self.contact_regression = nn.Linear(LAYERS * HEADS, 1)

    def forward(self, tokens):
        n = tokens.shape[1]
        keep = (tokens != PAD).float()
        key_bias = torch.zeros_like(keep).masked_fill(keep == 0, float("-inf"))[:, None, None, :]
        x = self.embed_tokens(tokens) * keep[..., None]
        cos, sin = self.cos_table[:n], self.sin_table[:n]
        for blk in self.blocks:
            x = blk(x, cos, sin, key_bias)
        x = self.final_ln(x)
        return x, torch.tanh(self.pool(x[:, 0]))
