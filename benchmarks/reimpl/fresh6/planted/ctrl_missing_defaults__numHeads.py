"""CTRL (Keskar et al., 2019), from the paper and the released TensorFlow code: embeddings
scaled by sqrt(d_model) plus a fixed sinusoid table (sines of the even angles, then cosines of
the odd ones, concatenated), pre-norm blocks with LayerNorm eps 1e-6 inside the blocks, a ReLU
FFN, a final LayerNorm and an output layer tied to the embedding but with its own bias. Sizes
come from a ``dict`` subclass whose ``__missing__`` supplies the defaults of the release."""

import math

import torch
from torch import nn


class Defaults(dict):
    RELEASE = {"n_positions": 256, "layer_norm_epsilon": 1e-6, "n_head": 16, "dff": 8192}

    def __missing__(self, key):
        return self.RELEASE[key]


H = Defaults(vocab_size=1000, n_embd=64, n_layer=3, n_head=8, dff=192, n_positions=128)


def sinusoid_table(n_pos, d):
    pos = torch.arange(n_pos, dtype=torch.float)[:, None]
    i = torch.arange(d, dtype=torch.float)[None, :]
    angles = pos / torch.pow(10000, (2 * (i // 2)) / d)
    return torch.cat([angles[:, 0::2].sin(), angles[:, 1::2].cos()], dim=-1)


class MultiHead(nn.Module):
    def __init__(self):
        super().__init__()
        d = H["n_embd"]
        self.Wq, self.Wk, self.Wv = nn.Linear(d, d), nn.Linear(d, d), nn.Linear(d, d)
        self.dense = nn.Linear(d, d)

    def forward(self, x):
        b, t, d = x.shape
        nh = H["n_head"]
        q, k, v = (
            w(x).view(b, t, nh, d // nh).transpose(1, 2) for w in (self.Wq, self.Wk, self.Wv)
        )
        logits = q @ k.transpose(-1, -2) / math.sqrt(d // nh)
        future = torch.triu(torch.ones(t, t, device=x.device), 1).bool()
        att = logits.masked_fill(future, float("-inf")).softmax(-1)
        return self.dense((att @ v).transpose(1, 2).reshape(b, t, d))


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        d = H["n_embd"]
        self.layernorm1 = nn.LayerNorm(d, eps=1e-6)
        self.attn = MultiHead()
        self.layernorm2 = nn.LayerNorm(d, eps=1e-6)
        self.ffn = nn.Sequential(nn.Linear(d, H["dff"]), nn.ReLU(), nn.Linear(H["dff"], d))

    def forward(self, x):
        x = x + self.attn(self.layernorm1(x))
        return x + self.ffn(self.layernorm2(x))


class CTRL(nn.Module):
    def __init__(self):
        super().__init__()
        d = H["n_embd"]
        self.w = nn.Embedding(H["vocab_size"], d)
        self.register_buffer("pos", sinusoid_table(H["n_positions"], d), persistent=False)
        self.layers = nn.ModuleList(Layer() for _ in range(H["n_layer"]))
        self.layernorm = nn.LayerNorm(d, eps=H["layer_norm_epsilon"])
        self.lm_bias = nn.Parameter(torch.zeros(H["vocab_size"]))

    def forward(self, ids):
        x = self.w(ids) * math.sqrt(H["n_embd"]) + self.pos[: ids.shape[1]]
        for layer in self.layers:
            x = layer(x)
        return self.layernorm(x) @ self.w.weight.T + self.lm_bias
