"""DBRX, its sizes kept as a two-column CSV table (the way a sweep spreadsheet exports them)
and read with ``csv.DictReader``. Fused Wqkv clamped to +-clip, bias-free LayerNorms, experts
stored flat as [experts * ffn, d_model] matrices w1 / v1 / w2; softmax router with the top-k
weights divided by their L1 norm."""

import csv
import io

import torch
import torch.nn.functional as F
from torch import nn

TABLE = """key,value
vocab_size,640
d_model,64
n_layers,2
n_heads,4
kv_n_heads,2
ffn_hidden_size,96
moe_num_experts,4
moe_top_k,2
clip_qkv,8.0
rope_theta,500000.0
"""

HP = {row["key"]: float(row["value"]) for row in csv.DictReader(io.StringIO(TABLE))}
VOCAB = int(HP["vocab_size"])
D = int(HP["d_model"])
N_LAYERS = int(HP["n_layers"])
N_HEADS = int(HP["n_heads"])
KV_HEADS = int(HP["kv_n_heads"])
FFN = int(HP["ffn_hidden_size"])
EXPERTS = int(HP["moe_num_experts"])
TOP_K = int(HP["moe_top_k"])
CLIP = HP["clip_qkv"]
THETA = HP["rope_theta"]
HD = D // N_HEADS


def rope(x):
    t = x.shape[-2]
    inv = 1.0 / THETA ** (torch.arange(0, HD, 2).float() / HD)
    a = torch.arange(t).float()[:, None] * inv
    a = torch.cat([a, a], -1)
    x1, x2 = x[..., : HD // 2], x[..., HD // 2 :]
    return x * a.cos() + torch.cat([-x2, x1], -1) * a.sin()


class DbrxBlock(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn_norm = nn.LayerNorm(D, bias=False)
        self.Wqkv = nn.Linear(D, D + 2 * KV_HEADS * HD, bias=False)
        self.out_proj = nn.Linear(D, D, bias=False)
        self.ffn_norm = nn.LayerNorm(D, bias=False)
        self.router = nn.Linear(D, EXPERTS, bias=False)
        self.w1 = nn.Parameter(torch.empty(EXPERTS * FFN, D))
        self.v1 = nn.Parameter(torch.empty(EXPERTS * FFN, D))
        self.w2 = nn.Parameter(torch.empty(EXPERTS * FFN, D))

    def attention(self, x):
        b, t, _ = x.shape
        qkv = self.Wqkv(x).clamp(min=-CLIP, max=CLIP)
        q, k, v = qkv.split([D, KV_HEADS * HD, KV_HEADS * HD], -1)
        q = rope(q.view(b, t, N_HEADS, HD).transpose(1, 2))
        k = rope(k.view(b, t, KV_HEADS, HD).transpose(1, 2))
        v = v.view(b, t, KV_HEADS, HD).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.out_proj(o.transpose(1, 2).reshape(b, t, D))

    def experts(self, x):
        flat = x.reshape(-1, D)
        p = self.router(flat).softmax(-1)
        w, idx = p.topk(TOP_K, -1)
        w = w / w.abs().sum(-1, keepdim=True)
        out = torch.zeros_like(flat)
        w1, v1, w2 = (m.view(EXPERTS, FFN, D) for m in (self.w1, self.v1, self.w2))
        for e in range(EXPERTS):
            tok, slot = torch.where(idx == e)
            h = flat[tok]
            y = (F.silu(h @ w1[e].T) * (h @ v1[e].T)) @ w2[e]
            out.index_add_(0, tok, y * w[tok, slot, None])
        return out.view_as(x)

    def forward(self, x):
        x = x + self.attention(self.attn_norm(x))
        return x + self.experts(self.ffn_norm(x))


class Dbrx(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte = nn.Embedding(VOCAB, D)
        self.blocks = nn.ModuleList(DbrxBlock() for _ in range(N_LAYERS))
        self.norm_f = nn.LayerNorm(D, bias=False)
        self.lm_head = nn.Linear(D, VOCAB, bias=False)

    def forward(self, ids):
        x = self.wte(ids)
        for blk in self.blocks:
            x = blk(x)
        return self.lm_head(self.norm_f(x))
