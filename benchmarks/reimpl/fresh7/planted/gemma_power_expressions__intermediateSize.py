"""Gemma (v1): embeddings scaled by sqrt(width), (1 + w) RMSNorms, multi-query attention with a
head_dim independent of width / heads, GeGLU (tanh), the head tied to the embeddings. The sizes
are written as the arithmetic the authors think in (powers of two, products), not literals."""

import torch
import torch.nn.functional as F
from torch import nn

VOCAB = 5 * 2**7
WIDTH = 2**6
HEADS = 2**2
KV_HEADS = 2**0
HEAD_DIM = 2**5
FFN = 4 * 2**6
LAYERS = 2
EPS = 1e-6
THETA = 10**4


class GemmaRMSNorm(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.zeros(WIDTH))

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + EPS) * (1.0 + self.weight)


class GemmaLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.input_layernorm = GemmaRMSNorm()
        self.q_proj = nn.Linear(WIDTH, HEADS * HEAD_DIM, bias=False)
        self.k_proj = nn.Linear(WIDTH, KV_HEADS * HEAD_DIM, bias=False)
        self.v_proj = nn.Linear(WIDTH, KV_HEADS * HEAD_DIM, bias=False)
        self.o_proj = nn.Linear(HEADS * HEAD_DIM, WIDTH, bias=False)
        self.post_attention_layernorm = GemmaRMSNorm()
        self.gate_proj = nn.Linear(WIDTH, FFN, bias=False)
        self.up_proj = nn.Linear(WIDTH, FFN, bias=False)
        self.down_proj = nn.Linear(FFN, WIDTH, bias=False)

    def forward(self, x, cos, sin):
        b, t, _ = x.shape
        hd = HEAD_DIM
        h = self.input_layernorm(x)
        q = self.q_proj(h).view(b, t, -1, hd).transpose(1, 2)
        k = self.k_proj(h).view(b, t, -1, hd).transpose(1, 2)
        v = self.v_proj(h).view(b, t, -1, hd).transpose(1, 2)
        q = q * cos + torch.cat((-q[..., hd // 2 :], q[..., : hd // 2]), -1) * sin
        k = k * cos + torch.cat((-k[..., hd // 2 :], k[..., : hd // 2]), -1) * sin
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.o_proj(o.transpose(1, 2).reshape(b, t, -1))
        h = self.post_attention_layernorm(x)
        return x + self.down_proj(F.gelu(self.gate_proj(h), approximate="tanh") * self.up_proj(h))


class Gemma(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(VOCAB, WIDTH)
        self.layers = nn.ModuleList(GemmaLayer() for _ in range(LAYERS))
        self.norm = GemmaRMSNorm()

    def forward(self, ids):
        inv = 1.0 / THETA ** (torch.arange(0, HEAD_DIM, 2).float() / HEAD_DIM)
        ang = torch.arange(ids.shape[1]).float()[:, None] * inv
        cos, sin = torch.cat((ang, ang), -1).cos(), torch.cat((ang, ang), -1).sin()
        x = self.embed_tokens(ids) * torch.tensor(WIDTH**0.5)
        for layer in self.layers:
            x = layer(x, cos, sin)
        return self.norm(x) @ self.embed_tokens.weight.T
