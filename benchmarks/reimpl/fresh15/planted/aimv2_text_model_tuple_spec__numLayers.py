"""AIMv2's text encoder: causal pre-RMSNorm layers with SwiGLU, last-token pooling left out."""

import torch
import torch.nn as nn
import torch.nn.functional as F

# (name, value) rows as they appear in the original training log
SPEC = (
    ("vocab", 256),
    ("context", 32),
    ("width", 64),
    ("depth", 3),
    ("heads", 4),
    ("mlp", 128),
)
vocab, context, width, depth, heads, mlp = (value for _, value in SPEC)


class RMSNorm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-5)


class TextBlock(nn.Module):
    def __init__(self):
        super().__init__()
        self.rms_norm1, self.rms_norm2 = RMSNorm(width), RMSNorm(width)
        self.qkv = nn.ModuleList(nn.Linear(width, width, bias=False) for _ in range(3))
        self.out_proj = nn.Linear(width, width, bias=False)
        self.gate_proj = nn.Linear(width, mlp, bias=False)
        self.up_proj = nn.Linear(width, mlp, bias=False)
        self.down_proj = nn.Linear(mlp, width, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        h = self.rms_norm1(x)
        q, k, v = (p(h).view(b, t, heads, -1).transpose(1, 2) for p in self.qkv)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.out_proj(y.transpose(1, 2).reshape(b, t, -1))
        h = self.rms_norm2(x)
        return x + self.down_proj(F.silu(self.gate_proj(h)) * self.up_proj(h))


class Aimv2Text(nn.Module):
    def __init__(self):
        super().__init__()
        self.token_embedding = nn.Embedding(vocab, width)
        self.position_embedding = nn.Parameter(torch.zeros(context, width))
        self.blocks = nn.ModuleList(TextBlock() for _ in range(depth))
        self.rms_norm = RMSNorm(width)

    def forward(self, ids):
        x = self.token_embedding(ids) + self.position_embedding[: ids.shape[1]]
        for blk in self.blocks:
            x = blk(x)
        return self.rms_norm(x)
