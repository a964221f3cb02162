"""Phi-3 with fused qkv and gate|up; the sizes unpacked from a card by operator.itemgetter."""

from operator import itemgetter

import torch
import torch.nn as nn
import torch.nn.functional as F

CARD = {
    "name": "phi3-tiny",
    "vocab": 512,
    "hidden": 64,
    "blocks": 2,
    "heads": 4,
    "kv_heads": 2,
    "mlp": 192,
    "context": 256,
}
VOCAB, HIDDEN, BLOCKS, HEADS, KV_HEADS, MLP = itemgetter(
    "vocab", "hidden", "blocks", "heads", "kv_heads", "mlp"
)(CARD)
HEAD = HIDDEN // HEADS


class RMSNorm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-5)


class Phi3Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.qkv_proj = nn.Linear(HIDDEN, (HEADS + 2 * KV_HEADS) * HEAD, bias=False)
        self.o_proj = nn.Linear(HEADS * HEAD, HIDDEN, bias=False)
        self.gate_up_proj = nn.Linear(HIDDEN, 2 * MLP, bias=False)
        self.down_proj = nn.Linear(MLP, HIDDEN, bias=False)
        self.input_layernorm = RMSNorm(HIDDEN)
        self.post_attention_layernorm = RMSNorm(HIDDEN)

    def forward(self, x):
        b, t, _ = x.shape
        qkv = self.qkv_proj(self.input_layernorm(x))
        q, k, v = qkv.split([HEADS * HEAD, KV_HEADS * HEAD, KV_HEADS * HEAD], -1)
        q, k, v = (z.view(b, t, -1, HEAD).transpose(1, 2) for z in (q, k, v))
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.o_proj(y.transpose(1, 2).reshape(b, t, -1))
        g, u = self.gate_up_proj(self.post_attention_layernorm(x)).chunk(2, -1)
        return x + self.down_proj(F.silu(g) * u)


class Phi3(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(VOCAB, HIDDEN)
        self.layers = nn.ModuleList(Phi3Block() for _ in range(BLOCKS))
        self.norm = RMSNorm(HIDDEN)
        self.lm_head = nn.Linear(HIDDEN, VOCAB, bias=False)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm(x))
