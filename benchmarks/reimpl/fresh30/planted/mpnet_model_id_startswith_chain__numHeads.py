"""MPNet, ported into our own repo. The sizes follow from the model id the way our loader reads
it: the last path part, ``casefold()``-ed, goes through an ``if``/``elif`` chain of
``startswith`` prefixes (mpnet-base's sizes first), and the vocabulary depends on an
``endswith`` suffix. Positions counted from the padding index + 1 (fairseq style, the first two
rows unused), a T5-style bidirectional relative position bias (log-spaced buckets, one table
shared by all layers), post-norm BERT layers without token types, and a tanh pooler on the
first token."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F

MODEL_ID = "our-lab/MPNet-Tiny-Uncased"

name = MODEL_ID.rsplit("/", 1)[-1].casefold()
if name.startswith("mpnet-base"):
    hidden, layers, heads, ffn = 768, 12, 12, 3072
elif name.startswith("mpnet-tiny"):
    hidden, layers, heads, ffn = 64, 2, 8, 160
elif name.startswith("mpnet-small"):
    hidden, layers, heads, ffn = 256, 4, 4, 1024
else:
    raise ValueError(f"unknown model id {MODEL_ID!r}")

S = {
    "vocab": 1000 if name.endswith("-uncased") else 30527,
    "hidden": hidden,
    "layers": layers,
    "heads": heads,
    "ffn": ffn,
    "max_positions": 130,
    "buckets": 32,
    "max_distance": 128,
    "eps": 1e-5,
    "pad": 1,
}


def bucket(rel, n_buckets, max_distance):
    n_buckets //= 2
    ret = (rel > 0).long() * n_buckets
    n = rel.abs()
    exact = n_buckets // 2
    large = (
        exact
        + (
            torch.log(n.float().clamp(min=1) / exact)
            / math.log(max_distance / exact)
            * (n_buckets - exact)
        ).long()
    )
    large = large.clamp(max=n_buckets - 1)
    return ret + torch.where(n < exact, n, large)


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        d = S["hidden"]
        self.q, self.k, self.v, self.o = (nn.Linear(d, d) for _ in range(4))
        self.attn_norm = nn.LayerNorm(d, eps=S["eps"])
        self.fc_in = nn.Linear(d, S["ffn"])
        self.fc_out = nn.Linear(S["ffn"], d)
        self.out_norm = nn.LayerNorm(d, eps=S["eps"])

    def forward(self, x, bias):
        b, t, d = x.shape
        h = S["heads"]
        q, k, v = (m(x).view(b, t, h, -1).transpose(1, 2) for m in (self.q, self.k, self.v))
        s = q @ k.transpose(-1, -2) / math.sqrt(d // h) + bias
        y = (s.softmax(-1) @ v).transpose(1, 2).reshape(b, t, d)
        x = self.attn_norm(x + self.o(y))
        return self.out_norm(x + self.fc_out(F.gelu(self.fc_in(x))))


class MPNet(nn.Module):
    def __init__(self):
        super().__init__()
        d = S["hidden"]
        self.tok = nn.Embedding(S["vocab"], d, padding_idx=S["pad"])
        self.pos = nn.Embedding(S["max_positions"], d, padding_idx=S["pad"])
        self.emb_norm = nn.LayerNorm(d, eps=S["eps"])
        self.layers = nn.ModuleList(Layer() for _ in range(S["layers"]))
        self.rel_bias = nn.Embedding(S["buckets"], S["heads"])
        self.pool = nn.Linear(d, d)

    def forward(self, ids):
        keep = ids.ne(S["pad"]).long()
        positions = torch.cumsum(keep, 1) * keep + S["pad"]
        x = self.emb_norm(self.tok(ids) + self.pos(positions))
        i = torch.arange(ids.shape[1])
        rel = i[None, :] - i[:, None]
        bias = self.rel_bias(bucket(rel, S["buckets"], S["max_distance"])).permute(2, 0, 1)[None]
        for layer in self.layers:
            x = layer(x, bias)
        return x, torch.tanh(self.pool(x[:, 0]))
