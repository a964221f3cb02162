"""Megatron-BERT: BERT with pre-LayerNorm blocks (a norm before attention and before the MLP,
none on the embeddings, one after the last layer), token-type embeddings, a tanh pooler, and
every module configured through ``**kwargs`` read with ``kwargs.get(name, default)``."""

import torch
import torch.nn as nn
import torch.nn.functional as F

KWARGS = {
    "vocab_size": 800,
    "hidden_size": 64,
    "num_layers": 2,
    "num_heads": 4,
    "ffn_hidden_size": 256,
    "max_position_embeddings": 128,
    "num_tokentypes": 2,
    "layernorm_epsilon": 1e-12,
}


class SelfAttention(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        h = kwargs.get("hidden_size", 1024)
        self.heads = kwargs.get("num_heads", 16)
        self.query_key_value = nn.ModuleList([nn.Linear(h, h) for _ in range(3)])
        self.dense = nn.Linear(h, h)

    def forward(self, x, bias):
        b, t, d = x.shape
        q, k, v = (p(x).view(b, t, self.heads, -1).transpose(1, 2) for p in self.query_key_value)
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=bias)
        return self.dense(y.transpose(1, 2).reshape(b, t, d))


class PreNormLayer(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        h = kwargs.get("hidden_size", 1024)
        eps = kwargs.get("layernorm_epsilon", 1e-5)
        self.input_layernorm = nn.LayerNorm(h, eps=eps)
        self.attention = SelfAttention(**kwargs)
        self.post_attention_layernorm = nn.LayerNorm(h, eps=eps)
        self.dense_h_to_4h = nn.Linear(h, kwargs.get("ffn_hidden_size", 4 * h))
        self.dense_4h_to_h = nn.Linear(kwargs.get("ffn_hidden_size", 4 * h), h)

    def forward(self, x, bias):
        x = x + self.attention(self.input_layernorm(x), bias)
        return x + self.dense_4h_to_h(F.gelu(self.dense_h_to_4h(self.post_attention_layernorm(x))))


class MegatronBert(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        kwargs = {**KWARGS, **kwargs}
        h = kwargs.get("hidden_size", 1024)
        self.word_embeddings = nn.Embedding(kwargs.get("vocab_size", 29056), h)
        self.position_embeddings = nn.Embedding(kwargs.get("max_position_embeddings", 512), h)
        self.tokentype_embeddings = nn.Embedding(kwargs.get("num_tokentypes", 2), h)
        self.layers = nn.ModuleList(
            [PreNormLayer(**kwargs) for _ in range(kwargs.get("num_layers", 24))]
        )
        self.final_layernorm = nn.LayerNorm(h, eps=kwargs.get("layernorm_epsilon", 1e-5))
        self.pooler = nn.Linear(h, h)

    def forward(self, ids, types, mask):
        pos = torch.arange(ids.shape[1])
        x = (
            self.word_embeddings(ids)
            + self.position_embeddings(pos)
            + self.tokentype_embeddings(types)
        )
        bias = (1.0 - mask[:, None, None, :].float()) * -10000.0
        for layer in self.layers:
            x = layer(x, bias)
        x = self.final_layernorm(x)
        return x, torch.tanh(self.pooler(x[:, 0]))
