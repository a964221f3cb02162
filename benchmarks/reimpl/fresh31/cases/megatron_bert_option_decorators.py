"""Megatron-BERT port: the training command's options are declared with a hand-rolled
``click``-like ``@option`` decorator (each records its default on the command function), and the
model's keyword arguments are the command called with those defaults; pre-LayerNorm blocks,
token types, a tanh pooler."""

import torch
import torch.nn as nn
import torch.nn.functional as F


def option(flag, default, type=int):
    """Record ``--flag``'s default on the decorated command (like ``click.option``)."""

    def decorate(command):
        params = command.__dict__.setdefault("params", {})
        params[flag.lstrip("-").replace("-", "_")] = type(default)
        return command

    return decorate


@option("--vocab-size", 800)
@option("--hidden-size", 64)
@option("--num-layers", 2)
@option("--num-heads", 4)
@option("--ffn-hidden-size", 192)
@option("--max-position-embeddings", 128)
@option("--num-tokentypes", 2)
@option("--layernorm-epsilon", 1.0e-12, type=float)
def pretrain_bert(**kwargs):
    return kwargs


KWARGS = pretrain_bert(**pretrain_bert.params)


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
