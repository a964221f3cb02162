"""A Qwen3 decoder whose derived sizes are rules (lambdas of the width) in a table."""

import torch
import torch.nn as nn
import torch.nn.functional as F

WIDTH = 64
RULES = {
    "heads": lambda w: w // 16,
    "kv_heads": lambda w: w // 32,
    "head_dim": lambda w: w // 4,
    "ffn": lambda w: w * 4,
    "layers": lambda w: w // 32,
}
HEADS, KV_HEADS, HEAD_DIM, FFN, LAYERS = (RULES[k](WIDTH) for k in RULES)
VOCAB = 384
EPS = 1e-6
THETA = 1e6


class QKNormAttention(nn.Module):
    def __init__(self):
        super().__init__()
        self.qkv = nn.Linear(WIDTH, (HEADS + 2 * KV_HEADS) * HEAD_DIM, bias=False)
        self.proj = nn.Linear(HEADS * HEAD_DIM, WIDTH, bias=False)
        self.qn = nn.RMSNorm(HEAD_DIM, eps=EPS)
        self.kn = nn.RMSNorm(HEAD_DIM, eps=EPS)

    def forward(self, x):
        b, t, _ = x.shape
        q, k, v = self.qkv(x).split(
            [HEADS * HEAD_DIM, KV_HEADS * HEAD_DIM, KV_HEADS * HEAD_DIM], -1
        )
        q = self.qn(q.view(b, t, HEADS, HEAD_DIM)).transpose(1, 2)
        k = self.kn(k.view(b, t, KV_HEADS, HEAD_DIM)).transpose(1, 2)
        v = v.view(b, t, KV_HEADS, HEAD_DIM).transpose(1, 2)
        inv = 1.0 / THETA ** (torch.arange(0, HEAD_DIM, 2).float() / HEAD_DIM)
        ang = torch.outer(torch.arange(t).float(), inv).repeat(1, 2)
        half = HEAD_DIM // 2
        q = q * ang.cos() + torch.cat([-q[..., half:], q[..., :half]], -1) * ang.sin()
        k = k * ang.cos() + torch.cat([-k[..., half:], k[..., :half]], -1) * ang.sin()
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.proj(o.transpose(1, 2).reshape(b, t, -1))


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm1, self.attn = nn.RMSNorm(WIDTH, eps=EPS), QKNormAttention()
        self.norm2 = nn.RMSNorm(WIDTH, eps=EPS)
        self.mlp_in = nn.Linear(WIDTH, 2 * FFN, bias=False)
        self.mlp_out = nn.Linear(FFN, WIDTH, bias=False)

    def forward(self, x):
        x = x + self.attn(self.norm1(x))
        g, u = self.mlp_in(self.norm2(x)).chunk(2, -1)
        return x + self.mlp_out(F.silu(g) * u)


class Qwen3Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.tokens = nn.Embedding(VOCAB, WIDTH)
        self.blocks = nn.ModuleList(Block() for _ in range(LAYERS))
        self.norm = nn.RMSNorm(WIDTH, eps=EPS)
        self.logits = nn.Linear(WIDTH, VOCAB, bias=False)

    def forward(self, ids):
        x = self.tokens(ids)
        for blk in self.blocks:
            x = blk(x)
        return self.logits(self.norm(x))
