"""DBRX (fine-grained MoE) rebuilt at toy scale for a load-balancing study.

The architecture is one nested dict of keyword calls, split like the original release's
``attn_config`` / ``ffn_config`` blocks.
"""

import torch
from torch import nn
from torch.nn import functional as F

ARCH = dict(
    vocab_size=688,
    d_model=64,
    n_layers=2,
    n_heads=4,
    attn=dict(
        kv_n_heads=1,
        clip_qkv=6.0,
        rope_theta=500000.0,
    ),
    ffn=dict(
        ffn_hidden_size=80,
        moe_num_experts=4,
        moe_top_k=2,
    ),
)
ATT, FFN = ARCH["attn"], ARCH["ffn"]
HEAD_DIM = ARCH["d_model"] // ARCH["n_heads"]


def rope_cos_sin(n, device):
    inv = 1.0 / ATT["rope_theta"] ** (
        torch.arange(0, HEAD_DIM, 2, device=device).float() / HEAD_DIM
    )
    a = torch.outer(torch.arange(n, device=device).float(), inv).repeat(1, 2)
    return a.cos(), a.sin()


def rot(x, cos, sin):
    h = HEAD_DIM // 2
    return x * cos + torch.cat((-x[..., h:], x[..., :h]), -1) * sin


class ClippedAttention(nn.Module):
    def __init__(self):
        super().__init__()
        kv = ATT["kv_n_heads"] * HEAD_DIM
        self.Wqkv = nn.Linear(ARCH["d_model"], ARCH["d_model"] + 2 * kv, bias=False)
        self.out_proj = nn.Linear(ARCH["d_model"], ARCH["d_model"], bias=False)

    def forward(self, x, cos, sin):
        b, n, d = x.shape
        kv = ATT["kv_n_heads"] * HEAD_DIM
        fused = self.Wqkv(x).clamp(-ATT["clip_qkv"], ATT["clip_qkv"])
        q, k, v = torch.split(fused, [d, kv, kv], dim=-1)
        q = rot(q.view(b, n, -1, HEAD_DIM).transpose(1, 2), cos, sin)
        k = rot(k.view(b, n, -1, HEAD_DIM).transpose(1, 2), cos, sin)
        v = v.view(b, n, -1, HEAD_DIM).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.out_proj(o.transpose(1, 2).reshape(b, n, d))


class ExpertBank(nn.Module):
    """All experts' weights as three flat [experts * ffn, d_model] matrices."""

    def __init__(self):
        super().__init__()
        rows = FFN["moe_num_experts"] * FFN["ffn_hidden_size"]
        self.router = nn.Linear(ARCH["d_model"], FFN["moe_num_experts"], bias=False)
        self.w1 = nn.Parameter(torch.randn(rows, ARCH["d_model"]) * 0.02)
        self.v1 = nn.Parameter(torch.randn(rows, ARCH["d_model"]) * 0.02)
        self.w2 = nn.Parameter(torch.randn(rows, ARCH["d_model"]) * 0.02)

    def forward(self, x):
        flat = x.reshape(-1, ARCH["d_model"])
        probs = self.router(flat).softmax(dim=-1)
        top_p, top_i = probs.topk(FFN["moe_top_k"], dim=-1)
        top_p = top_p / top_p.abs().sum(dim=-1, keepdim=True)
        e, f = FFN["moe_num_experts"], FFN["ffn_hidden_size"]
        w1, v1, w2 = (t.view(e, f, -1) for t in (self.w1, self.v1, self.w2))
        out = torch.zeros_like(flat)
        for j in range(FFN["moe_top_k"]):
            idx = top_i[:, j]
            hid = F.silu(torch.einsum("td,tfd->tf", flat, w1[idx]))
            hid = hid * torch.einsum("td,tfd->tf", flat, v1[idx])
            out = out + top_p[:, j : j + 1] * torch.einsum("tf,tfd->td", hid, w2[idx])
        return out.view_as(x)


class DbrxBlock(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm_1 = nn.LayerNorm(ARCH["d_model"], bias=False)
        self.attn = ClippedAttention()
        self.norm_2 = nn.LayerNorm(ARCH["d_model"], bias=False)
        self.moe = ExpertBank()

    def forward(self, x, cos, sin):
        x = x + self.attn(self.norm_1(x), cos, sin)
        return x + self.moe(self.norm_2(x))


class Dbrx(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte = nn.Embedding(ARCH["vocab_size"], ARCH["d_model"])
        self.blocks = nn.ModuleList(DbrxBlock() for _ in range(ARCH["n_layers"]))
        self.norm_f = nn.LayerNorm(ARCH["d_model"], bias=False)
        self.lm_head = nn.Linear(ARCH["d_model"], ARCH["vocab_size"], bias=False)

    def forward(self, input_ids):
        cos, sin = rope_cos_sin(input_ids.shape[1], input_ids.device)
        x = self.wte(input_ids)
        for block in self.blocks:
            x = block(x, cos, sin)
        return self.lm_head(self.norm_f(x))
