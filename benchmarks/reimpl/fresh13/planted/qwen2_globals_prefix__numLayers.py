"""Qwen2 with one fused qkv projection (with bias) and an untied head; the sizes are module
globals picked by a size prefix through globals()."""

import torch.nn.functional as F
from torch import nn

SIZE = "S"
S_VOCAB, S_WIDTH, S_LAYERS, S_HEADS, S_KV, S_FFN = 640, 96, 3, 6, 2, 288
M_VOCAB, M_WIDTH, M_LAYERS, M_HEADS, M_KV, M_FFN = 151936, 896, 24, 14, 2, 4864
VOCAB, WIDTH, LAYERS, HEADS, KV, FFN = (
    globals()[f"{SIZE}_{k}"] for k in ("VOCAB", "WIDTH", "LAYERS", "HEADS", "KV", "FFN")
)
HD = WIDTH // HEADS


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm1, self.norm2 = nn.RMSNorm(WIDTH, eps=1e-6), nn.RMSNorm(WIDTH, eps=1e-6)
        self.qkv = nn.Linear(WIDTH, (HEADS + 2 * KV) * HD, bias=True)
        self.proj = nn.Linear(HEADS * HD, WIDTH, bias=False)
        self.fc_in = nn.Linear(WIDTH, 2 * FFN, bias=False)
        self.fc_out = nn.Linear(FFN, WIDTH, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q, k, v = self.qkv(self.norm1(x)).split([HEADS * HD, KV * HD, KV * HD], -1)
        q, k, v = (z.view(b, t, -1, HD).transpose(1, 2) for z in (q, k, v))
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.proj(o.transpose(1, 2).reshape(b, t, -1))
        g, u = self.fc_in(self.norm2(x)).chunk(2, -1)
        return x + self.fc_out(F.silu(g) * u)


class QwenLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte = nn.Embedding(VOCAB, WIDTH)
        self.h = nn.ModuleList(Layer() for _ in range(LAYERS))
        self.norm = nn.RMSNorm(WIDTH, eps=1e-6)
        self.lm_head = nn.Linear(WIDTH, VOCAB, bias=False)

    def forward(self, ids):
        x = self.wte(ids)
        for layer in self.h:
            x = layer(x)
        return self.lm_head(self.norm(x))
