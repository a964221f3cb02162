"""Megatron-BERT (pre-LayerNorm BERT) encoder, in the Megatron-LM habit of one ``args`` namespace."""

from types import SimpleNamespace

import torch
import torch.nn as nn
import torch.nn.functional as F


def get_args():
    return SimpleNamespace(
        padded_vocab_size=640,
        hidden_size=64,
        num_layers=2,
        num_attention_heads=4,
        ffn_hidden_size=256,
        max_position_embeddings=80,
        num_tokentypes=2,
        layernorm_epsilon=0.1,
    )


ARGS = get_args()


class SelfAttention(nn.Module):
    def __init__(self, a):
        super().__init__()
        self.np = a.num_attention_heads
        self.hn = a.hidden_size // a.num_attention_heads
        self.query_key_value = nn.Linear(a.hidden_size, 3 * a.hidden_size)
        self.dense = nn.Linear(a.hidden_size, a.hidden_size)

    def forward(self, x, mask_bias):
        b, s, h = x.shape
        q, k, v = self.query_key_value(x).view(b, s, 3, self.np, self.hn).unbind(2)
        scores = torch.einsum("bshd,bthd->bhst", q, k) * self.hn**-0.5 + mask_bias
        probs = scores.softmax(dim=-1)
        return self.dense(torch.einsum("bhst,bthd->bshd", probs, v).reshape(b, s, h))


class EncoderLayer(nn.Module):
    def __init__(self, a):
        super().__init__()
        self.input_layernorm = nn.LayerNorm(a.hidden_size, eps=a.layernorm_epsilon)
        self.self_attention = SelfAttention(a)
        self.post_attention_layernorm = nn.LayerNorm(a.hidden_size, eps=a.layernorm_epsilon)
        self.dense_h_to_4h = nn.Linear(a.hidden_size, a.ffn_hidden_size)
        self.dense_4h_to_h = nn.Linear(a.ffn_hidden_size, a.hidden_size)

    def forward(self, x, mask_bias):
        x = x + self.self_attention(self.input_layernorm(x), mask_bias)
        y = self.dense_4h_to_h(F.gelu(self.dense_h_to_4h(self.post_attention_layernorm(x))))
        return x + y


class BertModel(nn.Module):
    def __init__(self, a=ARGS):
        super().__init__()
        self.word_embeddings = nn.Embedding(a.padded_vocab_size, a.hidden_size)
        self.position_embeddings = nn.Embedding(a.max_position_embeddings, a.hidden_size)
        self.tokentype_embeddings = nn.Embedding(a.num_tokentypes, a.hidden_size)
        self.layers = nn.ModuleList(EncoderLayer(a) for _ in range(a.num_layers))
        self.final_layernorm = nn.LayerNorm(a.hidden_size, eps=a.layernorm_epsilon)
        self.pooler = nn.Linear(a.hidden_size, a.hidden_size)

    def forward(self, tokens, tokentype_ids=None, attention_mask=None):
        if tokentype_ids is None:
            tokentype_ids = torch.zeros_like(tokens)
        if attention_mask is None:
            attention_mask = torch.ones_like(tokens, dtype=torch.bool)
        position_ids = torch.arange(tokens.shape[1], device=tokens.device)[None]
        x = self.word_embeddings(tokens) + self.position_embeddings(position_ids)
        x = x + self.tokentype_embeddings(tokentype_ids)
        mask_bias = torch.where(attention_mask[:, None, None, :], 0.0, -10000.0)
        for layer in self.layers:
            x = layer(x, mask_bias)
        x = self.final_layernorm(x)
        pooled = torch.tanh(self.pooler(x[:, 0]))
        return x, pooled
