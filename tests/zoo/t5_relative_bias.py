"""Zoo: T5-style relative attention bias only in the first layer (index-dependent layers)."""

import torch.nn as nn


class T5Attention(nn.Module):
    def __init__(self, d_model, n_heads, d_kv, has_relative_attention_bias=False, num_buckets=32):
        super().__init__()
        inner = n_heads * d_kv
        self.q = nn.Linear(d_model, inner, bias=False)
        self.k = nn.Linear(d_model, inner, bias=False)
        self.v = nn.Linear(d_model, inner, bias=False)
        self.o = nn.Linear(inner, d_model, bias=False)
        if has_relative_attention_bias:
            self.relative_attention_bias = nn.Embedding(num_buckets, n_heads)


class T5Block(nn.Module):
    def __init__(self, d_model, n_heads, d_kv, d_ff, has_relative_attention_bias):
        super().__init__()
        self.attn = T5Attention(d_model, n_heads, d_kv, has_relative_attention_bias)
        self.wi = nn.Linear(d_model, d_ff, bias=False)
        self.wo = nn.Linear(d_ff, d_model, bias=False)


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


ENTRY = "T5Stack"
CONFIG = None
INPUT = None


def build():
    return T5Stack()
