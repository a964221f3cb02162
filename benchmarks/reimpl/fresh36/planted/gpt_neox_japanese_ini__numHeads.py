"""GPT-NeoX-Japanese (abeja) causal LM, rewritten for a CPU demo. The launcher's INI file is
inlined as a string and read with configparser."""

import configparser
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

INI = configparser.ConfigParser()
INI.read_string(
    """
[model]
vocab = 576
hidden = 64
layers = 2
heads = 8
ffn_mult = 4
rotary_base = 10000.0
ln_eps = 1e-5
tie_embeddings = yes

[data]
seq_len = 128
"""
)
VOCAB = INI.getint("model", "vocab")
HIDDEN = INI.getint("model", "hidden")
LAYERS = INI.getint("model", "layers")
HEADS = INI.getint("model", "heads")
FFN = HIDDEN * INI.getint("model", "ffn_mult")
BASE = INI.getfloat("model", "rotary_base")
EPS = INI.getfloat("model", "ln_eps")
TIE = INI.getboolean("model", "tie_embeddings")


def rope(x, base):
    d = x.size(-1)
    freqs = torch.pow(base, -torch.arange(0, d, 2).float() / d)
    t = torch.arange(x.size(-2)).float()[:, None] * freqs
    t = torch.cat((t, t), -1)
    x1, x2 = x.split(d // 2, dim=-1)
    return x * t.cos() + torch.cat((-x2, x1), -1) * t.sin()


class JpAttention(nn.Module):
    def __init__(self, last: bool):
        super().__init__()
        self.hd = HIDDEN // HEADS
        self.query_key_value = nn.Linear(HIDDEN, 3 * HIDDEN, bias=False)
        self.dense = nn.Linear(HIDDEN, HIDDEN, bias=False)
        # only the last layer's output projection carries a bias (added after the projection)
        self.out_bias = nn.Parameter(torch.zeros(HIDDEN)) if last else None

    def forward(self, x):
        B, T, _ = x.shape
        qkv = self.query_key_value(x).view(B, T, HEADS, 3, self.hd).permute(3, 0, 2, 1, 4)
        q, k, v = rope(qkv[0], BASE), rope(qkv[1], BASE), qkv[2]
        s = torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(self.hd)
        causal = torch.tril(torch.ones(T, T, dtype=torch.bool))
        s = s.masked_fill(~causal, float("-inf"))
        y = torch.matmul(F.softmax(s, dim=-1), v).transpose(1, 2).reshape(B, T, HIDDEN)
        y = self.dense(y)
        return y + self.out_bias if self.out_bias is not None else y


class JpLayer(nn.Module):
    def __init__(self, i):
        super().__init__()
        self.ln_in = nn.LayerNorm(HIDDEN, eps=EPS)
        self.attn = JpAttention(last=i == LAYERS - 1)
        self.ln_mlp = nn.LayerNorm(HIDDEN, eps=EPS)
        self.up = nn.Linear(HIDDEN, FFN, bias=False)
        self.down = nn.Linear(FFN, HIDDEN, bias=False)

    def forward(self, x):
        x = x + self.attn(self.ln_in(x))
        return x + self.down(F.gelu(self.up(self.ln_mlp(x))))


class GPTNeoXJapanese(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_in = nn.Embedding(VOCAB, HIDDEN)
        self.layers = nn.ModuleList(JpLayer(i) for i in range(LAYERS))
        self.ln_f = nn.LayerNorm(HIDDEN, eps=EPS)
        self.embed_out = nn.Linear(HIDDEN, VOCAB, bias=False)
        if TIE:
            self.embed_out.weight = self.embed_in.weight

    def forward(self, input_ids):
        x = self.embed_in(input_ids)
        for layer in self.layers:
            x = layer(x)
        return self.embed_out(self.ln_f(x))
