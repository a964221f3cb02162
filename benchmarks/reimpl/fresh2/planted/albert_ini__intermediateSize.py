"""ALBERT: the configuration is an INI text read by configparser (as older research code
ships it), factorized embeddings mapped up to the hidden width, ONE transformer layer whose
weights are reused for every pass, a pooler over the first token."""

import configparser
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

INI = """
[model]
vocab_size = 600
embedding_size = 32
hidden_size = 64
num_layers = 3
num_heads = 4
intermediate_size = 192
max_positions = 128
type_vocab = 2
eps = 1e-12
"""

parser = configparser.ConfigParser()
parser.read_string(INI)
M = parser["model"]


class SharedLayer(nn.Module):
    def __init__(self, d, heads, ffn, eps):
        super().__init__()
        self.heads = heads
        self.query = nn.Linear(d, d)
        self.key = nn.Linear(d, d)
        self.value = nn.Linear(d, d)
        self.dense = nn.Linear(d, d)
        self.attn_norm = nn.LayerNorm(d, eps=eps)
        self.ffn = nn.Linear(d, ffn)
        self.ffn_output = nn.Linear(ffn, d)
        self.full_norm = nn.LayerNorm(d, eps=eps)

    def forward(self, x):
        b, t, d = x.shape
        hd = d // self.heads
        split = lambda z: z.view(b, t, self.heads, hd).transpose(1, 2)  # noqa: E731
        q, k, v = split(self.query(x)), split(self.key(x)), split(self.value(x))
        p = (q @ k.transpose(-1, -2) / math.sqrt(hd)).softmax(-1)
        x = self.attn_norm(x + self.dense((p @ v).transpose(1, 2).reshape(b, t, d)))
        return self.full_norm(x + self.ffn_output(F.gelu(self.ffn(x), approximate="tanh")))


class Albert(nn.Module):
    def __init__(self, m=M):
        super().__init__()
        e, d = m.getint("embedding_size"), m.getint("hidden_size")
        eps = m.getfloat("eps")
        self.n_passes = m.getint("num_layers")
        self.word = nn.Embedding(m.getint("vocab_size"), e, padding_idx=0)
        self.pos = nn.Embedding(m.getint("max_positions"), e)
        self.seg = nn.Embedding(m.getint("type_vocab"), e)
        self.emb_norm = nn.LayerNorm(e, eps=eps)
        self.project = nn.Linear(e, d)
        self.layer = SharedLayer(d, m.getint("num_heads"), m.getint("intermediate_size"), eps)
        self.pooler = nn.Linear(d, d)

    def forward(self, ids, seg):
        pos = torch.arange(ids.shape[1])[None]
        x = self.project(self.emb_norm(self.word(ids) + self.pos(pos) + self.seg(seg)))
        for _ in range(self.n_passes):
            x = self.layer(x)
        return x, torch.tanh(self.pooler(x[:, 0]))
