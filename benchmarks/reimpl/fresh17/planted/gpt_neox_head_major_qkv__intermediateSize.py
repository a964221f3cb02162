"""GPT-NeoX with its fused query_key_value kept as a 4-d [heads, 3, head_dim, width] tensor
(the checkpoint's head-major layout made explicit) and contracted with einsum; partial rotary
(a quarter of each head), parallel attention + MLP residual; sizes in a ``getopt`` arg list."""

import getopt

import torch
import torch.nn as nn
import torch.nn.functional as F

ARGV = ["--vocab=384", "--width=64", "--heads=4", "--layers=2", "--ffn=128", "--rotary-pct=0.25"]
_opts, _ = getopt.getopt(ARGV, "", ["vocab=", "width=", "heads=", "layers=", "ffn=", "rotary-pct="])
OPTS = {k.lstrip("-"): float(v) if "." in v else int(v) for k, v in _opts}
THETA = 10000.0


class Layer(nn.Module):
    def __init__(self, o):
        super().__init__()
        w, h = o["width"], o["heads"]
        self.h, self.hd = h, w // h
        self.rot = int(self.hd * o["rotary-pct"])
        self.input_layernorm = nn.LayerNorm(w, eps=1e-5)
        self.post_attention_layernorm = nn.LayerNorm(w, eps=1e-5)
        self.qkv = nn.Parameter(torch.randn(h, 3, self.hd, w) * 0.02)
        self.qkv_bias = nn.Parameter(torch.zeros(h, 3, self.hd))
        self.dense = nn.Linear(w, w)
        self.dense_h_to_4h = nn.Linear(w, o["ffn"])
        self.dense_4h_to_h = nn.Linear(o["ffn"], w)

    def rope(self, t):
        T, r = t.shape[2], self.rot
        inv = 1.0 / THETA ** (torch.arange(0, r, 2).float() / r)
        a = torch.arange(T).float()[:, None] * inv
        a = torch.cat([a, a], -1)
        x, rest = t[..., :r], t[..., r:]
        x = x * a.cos() + torch.cat([-x[..., r // 2 :], x[..., : r // 2]], -1) * a.sin()
        return torch.cat([x, rest], -1)

    def forward(self, x):
        B, T, W = x.shape
        qkv = torch.einsum("btw,hcdw->bhctd", self.input_layernorm(x), self.qkv)
        qkv = qkv + self.qkv_bias.permute(0, 1, 2)[None, :, :, None, :]
        q, k, v = qkv.unbind(2)
        o = F.scaled_dot_product_attention(self.rope(q), self.rope(k), v, is_causal=True)
        attn = self.dense(o.transpose(1, 2).reshape(B, T, W))
        mlp = self.dense_4h_to_h(F.gelu(self.dense_h_to_4h(self.post_attention_layernorm(x))))
        return x + attn + mlp


class NeoX(nn.Module):
    def __init__(self, o=OPTS):
        super().__init__()
        self.embed_in = nn.Embedding(o["vocab"], o["width"])
        self.layers = nn.ModuleList(Layer(o) for _ in range(o["layers"]))
        self.final_layer_norm = nn.LayerNorm(o["width"], eps=1e-5)

    def forward(self, ids):
        x = self.embed_in(ids)
        for layer in self.layers:
            x = layer(x)
        return self.final_layer_norm(x)
