"""Falcon-style decoder: parallel attention + MLP from one LayerNorm, multi-query attention (one
K/V head) fused into a single query_key_value projection, no biases, tied LM head."""

import torch.nn as nn


class Attention(nn.Module):
    def __init__(self, hidden, n_head):
        super().__init__()
        self.head_dim = hidden // n_head
        self.query_key_value = nn.Linear(hidden, hidden + 2 * self.head_dim, bias=False)
        self.dense = nn.Linear(hidden, hidden, bias=False)


class MLP(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.dense_h_to_4h = nn.Linear(hidden, 4 * hidden, bias=False)
        self.dense_4h_to_h = nn.Linear(4 * hidden, hidden, bias=False)


class DecoderLayer(nn.Module):
    def __init__(self, hidden, n_head):
        super().__init__()
        self.input_layernorm = nn.LayerNorm(hidden)
        self.self_attention = Attention(hidden, n_head)
        self.mlp = MLP(hidden)


class FalconLM(nn.Module):
    def __init__(self, vocab_size=32000, hidden_size=512, n_layer=6, n_head=8):
        super().__init__()
        self.word_embeddings = nn.Embedding(vocab_size, hidden_size)
        self.h = nn.ModuleList(DecoderLayer(hidden_size, n_head) for _ in range(n_layer))
        self.ln_f = nn.LayerNorm(hidden_size)
        self.lm_head = nn.Linear(hidden_size, vocab_size, bias=False)
        self.lm_head.weight = self.word_embeddings.weight


model = FalconLM(vocab_size=16384, hidden_size=384, n_layer=4, n_head=6)
