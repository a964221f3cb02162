"""A tiny BERT in the Megatron tensor-parallel style, run with a world size of 1: every weight is
one rank's shard (``ColumnParallelLinear`` splits its output rows, ``RowParallelLinear`` its input
columns, ``VocabParallelEmbedding`` the vocabulary), the attention heads are the heads per
partition, and the (absent) all-reduce is the identity. The sizes are ``argparse`` defaults."""

from __future__ import annotations

import argparse
import math

import torch
import torch.nn.functional as F
from torch import nn

TP_WORLD_SIZE = 1


def get_args() -> argparse.Namespace:
    p = argparse.ArgumentParser("bert-tiny")
    p.add_argument("--padded-vocab-size", type=int, default=112)
    p.add_argument("--max-position-embeddings", type=int, default=64)
    p.add_argument("--num-tokentypes", type=int, default=2)
    p.add_argument("--hidden-size", type=int, default=48)
    p.add_argument("--num-layers", type=int, default=3)
    p.add_argument("--num-attention-heads", type=int, default=4)
    p.add_argument("--ffn-hidden-size", type=int, default=96)
    p.add_argument("--layernorm-epsilon", type=float, default=1e-12)
    return p.parse_args([])


def divide(a: int, b: int) -> int:
    assert a % b == 0, (a, b)
    return a // b


class ColumnParallelLinear(nn.Module):
    def __init__(self, d_in: int, d_out: int) -> None:
        super().__init__()
        self.weight = nn.Parameter(torch.empty(divide(d_out, TP_WORLD_SIZE), d_in))
        self.bias = nn.Parameter(torch.zeros(divide(d_out, TP_WORLD_SIZE)))
        nn.init.normal_(self.weight, std=0.02)

    def forward(self, x):
        return F.linear(x, self.weight, self.bias)  # the gather over ranks is the identity


class RowParallelLinear(nn.Module):
    def __init__(self, d_in: int, d_out: int) -> None:
        super().__init__()
        self.weight = nn.Parameter(torch.empty(d_out, divide(d_in, TP_WORLD_SIZE)))
        self.bias = nn.Parameter(torch.zeros(d_out))
        nn.init.normal_(self.weight, std=0.02)

    def forward(self, x):
        return F.linear(x, self.weight) + self.bias  # the all-reduce is the identity


class VocabParallelEmbedding(nn.Module):
    def __init__(self, vocab: int, dim: int) -> None:
        super().__init__()
        self.weight = nn.Parameter(torch.randn(divide(vocab, TP_WORLD_SIZE), dim) * 0.02)

    def forward(self, ids):
        return F.embedding(ids, self.weight)


class ParallelAttention(nn.Module):
    def __init__(self, args) -> None:
        super().__init__()
        self.heads_per_partition = divide(args.num_attention_heads, TP_WORLD_SIZE)
        self.head_dim = divide(args.hidden_size, args.num_attention_heads)
        self.query_key_value = ColumnParallelLinear(args.hidden_size, 3 * args.hidden_size)
        self.dense = RowParallelLinear(args.hidden_size, args.hidden_size)

    def forward(self, x, mask):
        b, t, _ = x.shape
        n, d = self.heads_per_partition, self.head_dim
        q, k, v = self.query_key_value(x).chunk(3, dim=-1)
        q, k, v = (y.view(b, t, n, d).transpose(1, 2) for y in (q, k, v))
        s = q @ k.transpose(-1, -2) / math.sqrt(d)
        s = s.masked_fill(~mask[:, None, None, :], torch.finfo(s.dtype).min)
        return self.dense((s.softmax(-1) @ v).transpose(1, 2).reshape(b, t, n * d))


class ParallelTransformerLayer(nn.Module):
    def __init__(self, args) -> None:
        super().__init__()
        self.self_attention = ParallelAttention(args)
        self.post_attention_layernorm = nn.LayerNorm(args.hidden_size, eps=args.layernorm_epsilon)
        self.dense_h_to_4h = ColumnParallelLinear(args.hidden_size, args.ffn_hidden_size)
        self.dense_4h_to_h = RowParallelLinear(args.ffn_hidden_size, args.hidden_size)
        self.post_mlp_layernorm = nn.LayerNorm(args.hidden_size, eps=args.layernorm_epsilon)

    def forward(self, x, mask):
        x = self.post_attention_layernorm(x + self.self_attention(x, mask))
        return self.post_mlp_layernorm(x + self.dense_4h_to_h(F.gelu(self.dense_h_to_4h(x))))


class BertModel(nn.Module):
    def __init__(self, args: argparse.Namespace | None = None) -> None:
        super().__init__()
        args = args or get_args()
        self.word_embeddings = VocabParallelEmbedding(args.padded_vocab_size, args.hidden_size)
        self.position_embeddings = nn.Embedding(args.max_position_embeddings, args.hidden_size)
        self.tokentype_embeddings = nn.Embedding(args.num_tokentypes, args.hidden_size)
        self.embedding_layernorm = nn.LayerNorm(args.hidden_size, eps=args.layernorm_epsilon)
        self.layers = nn.ModuleList(ParallelTransformerLayer(args) for _ in range(args.num_layers))
        self.pooler = nn.Linear(args.hidden_size, args.hidden_size)

    def forward(self, ids, tokentype_ids, mask):
        pos = torch.arange(ids.shape[1])
        x = self.word_embeddings(ids) + self.position_embeddings(pos)
        x = self.embedding_layernorm(x + self.tokentype_embeddings(tokentype_ids))
        for layer in self.layers:
            x = layer(x, mask)
        return x, torch.tanh(self.pooler(x[:, 0]))
