"""Falcon (40B-style ``new_decoder_architecture``) configured the minGPT way: a ``CfgNode``
from ``get_default_config()``, a ``model_type`` naming a size in a table of model types
(merged in when the type is given, exactly one of type and explicit sizes allowed), the rest
set on the node. One fused projection laid out per KV group as ``[group, queries + key +
value, head_dim]``, two input norms feeding a parallel block, rotary by ``rotate_half``,
bias-free linears, the output tied to the word embeddings."""

import torch
import torch.nn as nn
import torch.nn.functional as F


class CfgNode:
    """minGPT's lightweight configuration class."""

    def __init__(self, **kwargs):
        self.__dict__.update(kwargs)

    def merge_from_dict(self, d):
        self.__dict__.update(d)


def get_default_config():
    C = CfgNode()
    # either model_type or (n_layer, n_head, n_embd) must be given
    C.model_type = "falcon-7b"
    C.n_layer = None
    C.n_head = None
    C.n_head_kv = None
    C.n_embd = None
    C.vocab_size = 65024
    C.ffn_mult = 2
    C.eps = 1e-5
    C.rope_theta = 10000.0
    return C


MODEL_TYPES = {
    "falcon-40b": dict(n_layer=60, n_head=128, n_head_kv=8, n_embd=8192),
    "falcon-7b": dict(n_layer=32, n_head=71, n_head_kv=1, n_embd=4544),
    "falcon-tiny": dict(n_layer=2, n_head=8, n_head_kv=2, n_embd=64),
}

config = get_default_config()
config.model_type = "falcon-tiny"
config.vocab_size = 1024
type_given = config.model_type is not None
params_given = all(v is not None for v in (config.n_layer, config.n_head, config.n_embd))
assert type_given ^ params_given  # exactly one of these
if type_given:
    config.merge_from_dict(MODEL_TYPES[config.model_type])

hidden = config.n_embd
n_head = config.n_head
n_head_kv = config.n_head_kv
n_layer = config.n_layer
vocab = config.vocab_size
ffn_hidden = config.ffn_mult * hidden
eps = config.eps
rope_theta = config.rope_theta


def rotate_half(x):
    return torch.cat([-x[..., x.shape[-1] // 2 :], x[..., : x.shape[-1] // 2]], dim=-1)


class GroupedAttention(nn.Module):
    def __init__(self):
        super().__init__()
        self.hd = hidden // n_head
        self.query_key_value = nn.Linear(hidden, (n_head + 2 * n_head_kv) * self.hd, bias=False)
        self.dense = nn.Linear(n_head * self.hd, hidden, bias=False)

    def forward(self, x, cos, sin):
        b, t, _ = x.shape
        per = n_head // n_head_kv
        qkv = self.query_key_value(x).view(b, t, n_head_kv, per + 2, self.hd)
        q = qkv[:, :, :, :per].reshape(b, t, n_head, self.hd)
        k = (
            qkv[:, :, :, per : per + 1]
            .expand(b, t, n_head_kv, per, self.hd)
            .reshape(b, t, n_head, self.hd)
        )
        v = (
            qkv[:, :, :, per + 1 :]
            .expand(b, t, n_head_kv, per, self.hd)
            .reshape(b, t, n_head, self.hd)
        )
        q, k, v = q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2)
        q = q * cos + rotate_half(q) * sin
        k = k * cos + rotate_half(k) * sin
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.dense(y.transpose(1, 2).reshape(b, t, -1))


class DecoderLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln_attn = nn.LayerNorm(hidden, eps=eps)
        self.ln_mlp = nn.LayerNorm(hidden, eps=eps)
        self.self_attention = GroupedAttention()
        self.dense_h_to_4h = nn.Linear(hidden, ffn_hidden, bias=False)
        self.dense_4h_to_h = nn.Linear(ffn_hidden, hidden, bias=False)

    def forward(self, x, cos, sin):
        attn = self.self_attention(self.ln_attn(x), cos, sin)
        mlp = self.dense_4h_to_h(F.gelu(self.dense_h_to_4h(self.ln_mlp(x))))
        return x + attn + mlp


class FalconLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.word_embeddings = nn.Embedding(vocab, hidden)
        self.h = nn.ModuleList([DecoderLayer() for _ in range(n_layer)])
        self.ln_f = nn.LayerNorm(hidden, eps=eps)

    def forward(self, ids):
        hd = hidden // n_head
        inv = 1.0 / rope_theta ** (torch.arange(0, hd, 2).float() / hd)
        f = torch.arange(ids.shape[1]).float()[:, None] * inv
        emb = torch.cat([f, f], -1)
        x = self.word_embeddings(ids)
        for layer in self.h:
            x = layer(x, emb.cos(), emb.sin())
        return self.ln_f(x) @ self.word_embeddings.weight.T
