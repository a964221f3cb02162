"""Zoo: T5-style relative attention bias only in the first layer (index-dependent layers)."""

import torch
import torch.nn as nn


class T5Attention(nn.Module):
    def __init__(self, d_model, n_heads, d_kv, has_relative_attention_bias=False, num_buckets=32):
        super().__init__()
        inner = n_heads * d_kv
        self.n_heads, self.d_kv, self.num_buckets = n_heads, d_kv, num_buckets
        self.has_relative_attention_bias = has_relative_attention_bias
        self.q = nn.Linear(d_model, inner, bias=False)
        self.k = nn.Linear(d_model, inner, bias=False)
        self.v = nn.Linear(d_model, inner, bias=False)
        self.o = nn.Linear(inner, d_model, bias=False)
        if has_relative_attention_bias:
            self.relative_attention_bias = nn.Embedding(num_buckets, n_heads)

    def compute_bias(self, length):
        pos = torch.arange(length, dtype=torch.long)
        rel = pos[None, :] - pos[:, None]  # (T, T)
        half = self.num_buckets // 2
        buckets = rel.clamp(-half, half - 1) + half
        values = self.relative_attention_bias(buckets)  # (T, T, heads)
        return values.permute([2, 0, 1]).unsqueeze(0)  # (1, heads, T, T)

    def forward(self, x, position_bias=None):
        b, t, _ = x.shape
        q = self.q(x).view(b, -1, self.n_heads, self.d_kv).transpose(1, 2)
        k = self.k(x).view(b, -1, self.n_heads, self.d_kv).transpose(1, 2)
        v = self.v(x).view(b, -1, self.n_heads, self.d_kv).transpose(1, 2)
        scores = torch.matmul(q, k.transpose(3, 2))
        if position_bias is None:
            position_bias = self.compute_bias(t)
        weights = (scores + position_bias).softmax(dim=-1)
        out = torch.matmul(weights, v).transpose(1, 2).contiguous().view(b, -1, self.o.in_features)
        return self.o(out), position_bias


class T5Block(nn.Module):
    def __init__(self, d_model, n_heads, d_kv, d_ff, has_relative_attention_bias):
        super().__init__()
        self.attn = T5Attention(d_model, n_heads, d_kv, has_relative_attention_bias)
        self.wi = nn.Linear(d_model, d_ff, bias=False)
        self.wo = nn.Linear(d_ff, d_model, bias=False)

    def forward(self, x, position_bias=None):
        h, position_bias = self.attn(x, position_bias)
        x = x + h
        return x + self.wo(torch.relu(self.wi(x))), position_bias


class T5Stack(nn.Module):
    def __init__(self, d_model=64, n_heads=4, d_kv=16, d_ff=128, num_layers=4, vocab=320):
        super().__init__()
        self.embed_tokens = nn.Embedding(vocab, d_model)
        self.block = nn.ModuleList(
            [
                T5Block(d_model, n_heads, d_kv, d_ff, has_relative_attention_bias=bool(i == 0))
                for i in range(num_layers)
            ]
        )

    def forward(self, input_ids):
        x = self.embed_tokens(input_ids)
        position_bias = None
        for block in self.block:
            x, position_bias = block(x, position_bias)
        return x


ENTRY = "T5Stack"
CONFIG = None
INPUT = (2, 8)
INPUT_KIND = "tokens"
VOCAB = 320


def build():
    return T5Stack()
