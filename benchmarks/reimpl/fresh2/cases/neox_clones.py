"""GPT-NeoX (sequential residual variant, as Pythia-style configs can set): layers cloned
with copy.deepcopy through a _get_clones helper as in torch's own transformer code, a fused
QKV laid out per head, half of each head rotated, sizes set as attributes in __init__."""

import copy

import torch
import torch.nn as nn
import torch.nn.functional as F


def _get_clones(module, n):
    return nn.ModuleList([copy.deepcopy(module) for _ in range(n)])


class NeoXAttention(nn.Module):
    def __init__(self, width, heads, rotary_fraction, max_pos, base):
        super().__init__()
        self.heads = heads
        self.head_size = width // heads
        self.rot = int(self.head_size * rotary_fraction)
        self.query_key_value = nn.Linear(width, 3 * width)
        self.dense = nn.Linear(width, width)
        inv = 1.0 / base ** (torch.arange(0, self.rot, 2).float() / self.rot)
        f = torch.outer(torch.arange(max_pos).float(), inv)
        f = torch.cat([f, f], -1)
        self.register_buffer("cos", f.cos(), persistent=False)
        self.register_buffer("sin", f.sin(), persistent=False)

    def _rotate(self, x, t):
        r, p = x[..., : self.rot], x[..., self.rot :]
        h = self.rot // 2
        r = r * self.cos[:t] + torch.cat([-r[..., h:], r[..., :h]], -1) * self.sin[:t]
        return torch.cat([r, p], -1)

    def forward(self, x):
        b, t, d = x.shape
        qkv = self.query_key_value(x).view(b, t, self.heads, 3 * self.head_size).transpose(1, 2)
        q, k, v = qkv.split(self.head_size, dim=-1)
        q, k = self._rotate(q, t), self._rotate(k, t)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.dense(y.transpose(1, 2).reshape(b, t, d))


class NeoXLayer(nn.Module):
    def __init__(self, width, heads, ffn, eps, rotary_fraction, max_pos, base):
        super().__init__()
        self.input_layernorm = nn.LayerNorm(width, eps=eps)
        self.attention = NeoXAttention(width, heads, rotary_fraction, max_pos, base)
        self.post_attention_layernorm = nn.LayerNorm(width, eps=eps)
        self.dense_h_to_4h = nn.Linear(width, ffn)
        self.dense_4h_to_h = nn.Linear(ffn, width)

    def forward(self, x):
        x = x + self.attention(self.input_layernorm(x))
        h = F.gelu(self.dense_h_to_4h(self.post_attention_layernorm(x)))
        return x + self.dense_4h_to_h(h)


class NeoX(nn.Module):
    def __init__(self):
        super().__init__()
        self.vocab = 700
        self.width = 96
        self.depth = 3
        heads = 6
        ffn = 288
        self.eps = 1e-5
        layer = NeoXLayer(self.width, heads, ffn, self.eps, 0.5, 256, 10000.0)
        self.embed_in = nn.Embedding(self.vocab, self.width)
        self.layers = _get_clones(layer, self.depth)
        self.final_layer_norm = nn.LayerNorm(self.width, eps=self.eps)
        self.embed_out = nn.Linear(self.width, self.vocab, bias=False)

    def forward(self, ids):
        x = self.embed_in(ids)
        for layer in self.layers:
            x = layer(x)
        return self.embed_out(self.final_layer_norm(x))
