"""A Japanese GPT-NeoX (fused QKV without bias, a single attention output bias on the last
layer only, FFN width as a multiple of the width). The config is a read-only
``types.MappingProxyType`` so no training script can mutate it by accident."""

import math
from types import MappingProxyType

import torch
import torch.nn as nn

HPARAMS = MappingProxyType(
    {
        "vocab": 1000,
        "d_model": 64,
        "n_layers": 3,
        "n_heads": 4,
        "ffn_mult": 4,
        "rotary_pct": 1.0,
        "rotary_base": 10000.0,
        "ln_eps": 1e-5,
    }
)


class Attention(nn.Module):
    def __init__(self, hp, last: bool):
        super().__init__()
        d = hp["d_model"]
        self.hp = hp
        self.query_key_value = nn.Linear(d, 3 * d, bias=False)
        self.dense = nn.Linear(d, d, bias=False)
        # the original adds this bias outside the residual branch, on the last layer only
        self.dense_bias = nn.Parameter(torch.zeros(d)) if last else None

    def forward(self, x):
        b, t, d = x.shape
        h = self.hp["n_heads"]
        q, k, v = self.query_key_value(x).view(b, t, h, 3 * (d // h)).transpose(1, 2).chunk(3, -1)
        hd = d // h
        inv = self.hp["rotary_base"] ** (-torch.arange(0, hd, 2).float() / hd)
        a = torch.outer(torch.arange(t).float(), inv).repeat(1, 2)
        q = q * a.cos() + torch.cat((-q[..., hd // 2 :], q[..., : hd // 2]), -1) * a.sin()
        k = k * a.cos() + torch.cat((-k[..., hd // 2 :], k[..., : hd // 2]), -1) * a.sin()
        s = (q @ k.transpose(-1, -2) / math.sqrt(hd)).masked_fill(
            torch.ones(t, t, dtype=torch.bool).triu(1), float("-inf")
        )
        return self.dense((s.softmax(-1) @ v).transpose(1, 2).reshape(b, t, d)), self.dense_bias


class Layer(nn.Module):
    def __init__(self, hp, last: bool):
        super().__init__()
        d = hp["d_model"]
        self.input_layernorm = nn.LayerNorm(d, eps=hp["ln_eps"])
        self.post_attention_layernorm = nn.LayerNorm(d, eps=hp["ln_eps"])
        self.attention = Attention(hp, last)
        self.dense_h_to_4h = nn.Linear(d, d * hp["ffn_mult"], bias=False)
        self.dense_4h_to_h = nn.Linear(d * hp["ffn_mult"], d, bias=False)

    def forward(self, x):
        attn, bias = self.attention(self.input_layernorm(x))
        if bias is not None:
            attn = attn + bias
        mlp = self.dense_4h_to_h(
            nn.functional.gelu(self.dense_h_to_4h(self.post_attention_layernorm(x)))
        )
        return x + attn + mlp


class GPTNeoXJapanese(nn.Module):
    def __init__(self, hp=HPARAMS):
        super().__init__()
        self.embed_in = nn.Embedding(hp["vocab"], hp["d_model"])
        n = hp["n_layers"]
        self.layers = nn.ModuleList(Layer(hp, last=i == n - 1) for i in range(n))
        self.final_layer_norm = nn.LayerNorm(hp["d_model"], eps=hp["ln_eps"])

    def forward(self, ids):
        x = self.embed_in(ids)
        for layer in self.layers:
            x = layer(x)
        return self.final_layer_norm(x) @ self.embed_in.weight.T
