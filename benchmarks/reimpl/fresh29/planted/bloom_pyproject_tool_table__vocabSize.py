"""BLOOM sized from the project's ``pyproject.toml``: the model's settings live in a
``[tool.bloom.model]`` table (and a nested ``[tool.bloom.model.norm]``) beside the packaging
metadata, read with ``tomllib``. The Megatron-DeepSpeed shape (fused qkv laid out per head as
``[heads, 3, head_dim]``, scores by ``torch.baddbmm`` of an ALiBi bias with ``beta=1,
alpha=1/sqrt(head_dim)``), a LayerNorm right after the word embeddings, the tanh GELU written
by hand, and a tied head."""

import math

import tomllib
import torch
import torch.nn as nn
import torch.nn.functional as F

PYPROJECT = """
[project]
name = "bloom-tiny"
version = "0.1.0"
requires-python = ">=3.11"
dependencies = ["torch>=2.1"]

[tool.bloom.model]
n_embed = 64
n_head = 8
n_layer = 2
vocab_size = 1024

[tool.bloom.model.norm]
epsilon = 1.0e-5

[tool.bloom.train]
lr = 3.0e-4
micro_batch = 8
"""
SETTINGS = tomllib.loads(PYPROJECT)["tool"]["bloom"]

N_EMBD = SETTINGS["model"]["n_embed"]
N_HEAD = SETTINGS["model"]["n_head"]
N_LAYER = SETTINGS["model"]["n_layer"]
VOCAB = SETTINGS["model"]["vocab_size"]
LN_EPS = SETTINGS["model"]["norm"]["epsilon"]


def alibi_slopes(n_heads):
    start = 2 ** (-(2 ** -(math.log2(n_heads) - 3)))
    return torch.tensor([start ** (i + 1) for i in range(n_heads)])


def bloom_gelu(x):
    return x * 0.5 * (1.0 + torch.tanh(0.79788456 * x * (1 + 0.044715 * x * x)))


class BloomAttention(nn.Module):
    def __init__(self):
        super().__init__()
        self.head_dim = N_EMBD // N_HEAD
        self.query_key_value = nn.Linear(N_EMBD, 3 * N_EMBD, bias=True)
        self.dense = nn.Linear(N_EMBD, N_EMBD)

    def forward(self, x, alibi):
        b, t, _ = x.shape
        qkv = self.query_key_value(x).view(b, t, N_HEAD, 3, self.head_dim)
        q = qkv[..., 0, :].transpose(1, 2).reshape(b * N_HEAD, t, self.head_dim)
        k = qkv[..., 1, :].permute(0, 2, 3, 1).reshape(b * N_HEAD, self.head_dim, t)
        v = qkv[..., 2, :].transpose(1, 2).reshape(b * N_HEAD, t, self.head_dim)
        scores = torch.baddbmm(alibi, q, k, beta=1.0, alpha=1.0 / math.sqrt(self.head_dim))
        causal = torch.ones(t, t, dtype=torch.bool).triu(1)
        scores = scores.masked_fill(causal, torch.finfo(scores.dtype).min)
        probs = F.softmax(scores.float(), dim=-1)
        ctx = torch.bmm(probs, v).view(b, N_HEAD, t, self.head_dim)
        return self.dense(ctx.transpose(1, 2).reshape(b, t, N_EMBD))


class BloomBlock(nn.Module):
    def __init__(self):
        super().__init__()
        self.input_layernorm = nn.LayerNorm(N_EMBD, eps=LN_EPS)
        self.self_attention = BloomAttention()
        self.post_attention_layernorm = nn.LayerNorm(N_EMBD, eps=LN_EPS)
        self.dense_h_to_4h = nn.Linear(N_EMBD, 4 * N_EMBD)
        self.dense_4h_to_h = nn.Linear(4 * N_EMBD, N_EMBD)

    def forward(self, x, alibi):
        x = x + self.self_attention(self.input_layernorm(x), alibi)
        h = self.post_attention_layernorm(x)
        return x + self.dense_4h_to_h(bloom_gelu(self.dense_h_to_4h(h)))


class Bloom(nn.Module):
    def __init__(self):
        super().__init__()
        self.word_embeddings = nn.Embedding(VOCAB, N_EMBD)
        self.word_embeddings_layernorm = nn.LayerNorm(N_EMBD, eps=LN_EPS)
        self.h = nn.ModuleList([BloomBlock() for _ in range(N_LAYER)])
        self.ln_f = nn.LayerNorm(N_EMBD, eps=LN_EPS)

    def forward(self, ids):
        b, t = ids.shape
        slopes = alibi_slopes(N_HEAD)
        alibi = (slopes[:, None] * torch.arange(t)[None, :].float())[:, None, :]
        alibi = alibi.repeat(b, 1, 1)
        x = self.word_embeddings_layernorm(self.word_embeddings(ids))
        for block in self.h:
            x = block(x, alibi)
        return self.ln_f(x) @ self.word_embeddings.weight.T
