"""Phi-3 (fused qkv_proj and gate_up_proj); the MLP width is the largest candidate that fits
the budget and divides by the tile (max over a generator)."""

import torch.nn.functional as F
from torch import nn

CANDIDATES = (128, 160, 192, 224, 256, 288)
BUDGET, TILE = 200, 64
FFN = max(w for w in CANDIDATES if w <= BUDGET and w % TILE == 0)  # 256
VOCAB, DIM, LAYERS, HEADS, KV = 448, 64, 2, 4, 4


class Phi3Block(nn.Module):
    def __init__(self):
        super().__init__()
        hd = DIM // HEADS
        self.hd = hd
        self.input_layernorm = nn.RMSNorm(DIM, eps=1e-5)
        self.qkv_proj = nn.Linear(DIM, (HEADS + 2 * KV) * hd, bias=False)
        self.o_proj = nn.Linear(HEADS * hd, DIM, bias=False)
        self.post_attention_layernorm = nn.RMSNorm(DIM, eps=1e-5)
        self.gate_up_proj = nn.Linear(DIM, 2 * FFN, bias=False)
        self.down_proj = nn.Linear(FFN, DIM, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        qkv = self.qkv_proj(self.input_layernorm(x)).view(b, t, HEADS + 2 * KV, self.hd)
        q, k, v = qkv.split([HEADS, KV, KV], 2)
        o = F.scaled_dot_product_attention(
            q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2), is_causal=True, enable_gqa=True
        )
        x = x + self.o_proj(o.transpose(1, 2).reshape(b, t, -1))
        gate, up = self.gate_up_proj(self.post_attention_layernorm(x)).chunk(2, -1)
        return x + self.down_proj(up * F.silu(gate))


class Phi3(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(VOCAB, DIM)
        self.layers = nn.ModuleList(Phi3Block() for _ in range(LAYERS))
        self.norm = nn.RMSNorm(DIM, eps=1e-5)
        self.lm_head = nn.Linear(DIM, VOCAB, bias=False)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm(x))
