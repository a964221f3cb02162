"""Mistral-4-style latent attention + MoE, reference-repo style: complex RoPE (torch.polar),
and a hubconf entry point that passes the sizes to the model's keyword defaults."""

import torch
import torch.nn.functional as F
from torch import nn

dependencies = ["torch"]


class RMSNorm(nn.Module):
    def __init__(self, dim, eps=1e-5):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)


def apply_rotary(x, freqs_cis):
    xc = torch.view_as_complex(x.float().reshape(*x.shape[:-1], -1, 2))
    return torch.view_as_real(xc * freqs_cis).flatten(-2)


class FeedForward(nn.Module):
    def __init__(self, dim, inter_dim):
        super().__init__()
        self.w1 = nn.Linear(dim, inter_dim, bias=False)
        self.w2 = nn.Linear(inter_dim, dim, bias=False)
        self.w3 = nn.Linear(dim, inter_dim, bias=False)

    def forward(self, x):
        return self.w2(F.silu(self.w1(x)) * self.w3(x))


class MLA(nn.Module):
    def __init__(self, dim, n_heads, q_lora_rank, kv_lora_rank, qk_nope, qk_rope, v_dim):
        super().__init__()
        self.n_heads, self.qk_nope, self.qk_rope, self.v_dim = n_heads, qk_nope, qk_rope, v_dim
        self.kv_lora_rank = kv_lora_rank
        self.wq_a = nn.Linear(dim, q_lora_rank, bias=False)
        self.q_norm = RMSNorm(q_lora_rank, eps=1e-6)
        self.wq_b = nn.Linear(q_lora_rank, n_heads * (qk_nope + qk_rope), bias=False)
        self.wkv_a = nn.Linear(dim, kv_lora_rank + qk_rope, bias=False)
        self.kv_norm = RMSNorm(kv_lora_rank, eps=1e-6)
        self.wkv_b = nn.Linear(kv_lora_rank, n_heads * (qk_nope + v_dim), bias=False)
        self.wo = nn.Linear(n_heads * v_dim, dim, bias=False)

    def forward(self, x, freqs_cis, q_scale):
        b, t, _ = x.shape
        q = self.wq_b(self.q_norm(self.wq_a(x))).view(b, t, self.n_heads, -1)
        q_nope, q_pe = q.split([self.qk_nope, self.qk_rope], -1)
        q_pe = apply_rotary(q_pe, freqs_cis[:, None])
        kv, k_pe = self.wkv_a(x).split([self.kv_lora_rank, self.qk_rope], -1)
        k_pe = apply_rotary(k_pe[:, :, None], freqs_cis[:, None])
        kv = self.wkv_b(self.kv_norm(kv)).view(b, t, self.n_heads, -1)
        k_nope, v = kv.split([self.qk_nope, self.v_dim], -1)
        q = (torch.cat([q_nope, q_pe], -1) * q_scale[:, None, None]).transpose(1, 2)
        k = torch.cat([k_nope, k_pe.expand(-1, -1, self.n_heads, -1)], -1).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v.transpose(1, 2), is_causal=True)
        return self.wo(y.transpose(1, 2).reshape(b, t, -1))


class MoE(nn.Module):
    def __init__(self, dim, n_routed, n_activated, moe_inter_dim, n_shared):
        super().__init__()
        self.topk = n_activated
        self.gate = nn.Linear(dim, n_routed, bias=False)
        self.experts = nn.ModuleList(FeedForward(dim, moe_inter_dim) for _ in range(n_routed))
        self.shared = FeedForward(dim, n_shared * moe_inter_dim)

    def forward(self, x):
        flat = x.reshape(-1, x.shape[-1])
        scores = self.gate(flat).softmax(-1)
        w, idx = scores.topk(self.topk, -1)
        w = w / (w.sum(-1, keepdim=True) + 1e-20)
        y = torch.zeros_like(flat)
        for i, expert in enumerate(self.experts):
            tok, slot = torch.where(idx == i)
            if len(tok):
                y.index_add_(0, tok, expert(flat[tok]) * w[tok, slot, None])
        return (y + self.shared(flat)).view_as(x)


class Block(nn.Module):
    def __init__(self, layer_id, a):
        super().__init__()
        self.attn = MLA(
            a["dim"], a["n_heads"], a["q_lora_rank"], a["kv_lora_rank"],
            a["qk_nope_head_dim"], a["qk_rope_head_dim"], a["v_head_dim"],
        )  # fmt: skip
        if layer_id < a["n_dense_layers"]:
            self.ffn = FeedForward(a["dim"], a["inter_dim"])
        else:
            self.ffn = MoE(
                a["dim"], a["n_routed_experts"], a["n_activated_experts"],
                a["moe_inter_dim"], a["n_shared_experts"],
            )  # fmt: skip
        self.attn_norm = RMSNorm(a["dim"])
        self.ffn_norm = RMSNorm(a["dim"])

    def forward(self, x, freqs_cis, q_scale):
        x = x + self.attn(self.attn_norm(x), freqs_cis, q_scale)
        return x + self.ffn(self.ffn_norm(x))


class Transformer(nn.Module):
    def __init__(
        self,
        vocab_size=256,
        dim=64,
        inter_dim=128,
        moe_inter_dim=48,
        n_layers=2,
        n_dense_layers=1,
        n_heads=4,
        n_routed_experts=4,
        n_shared_experts=1,
        n_activated_experts=2,
        q_lora_rank=32,
        kv_lora_rank=32,
        qk_nope_head_dim=16,
        qk_rope_head_dim=8,
        v_head_dim=16,
        rope_theta=10000.0,
        attn_scale_beta=0.1,
        attn_scale_span=32,
    ):
        super().__init__()
        a = dict(locals())
        a.pop("self")
        a.pop("__class__", None)
        self.args = a
        self.embed = nn.Embedding(vocab_size, dim)
        self.layers = nn.ModuleList(Block(i, a) for i in range(n_layers))
        self.norm = RMSNorm(dim)
        self.head = nn.Linear(dim, vocab_size, bias=False)

    def forward(self, tokens):
        a = self.args
        r = a["qk_rope_head_dim"]
        inv = 1.0 / a["rope_theta"] ** (torch.arange(0, r, 2).float() / r)
        freqs = torch.outer(torch.arange(tokens.shape[1]).float(), inv)
        freqs_cis = torch.polar(torch.ones_like(freqs), freqs)
        # long-context query scaling: 1 + beta * log(1 + floor(pos / span))
        pos = torch.arange(tokens.shape[1]).float()
        q_scale = 1 + a["attn_scale_beta"] * torch.log1p(torch.floor(pos / a["attn_scale_span"]))
        h = self.embed(tokens)
        for layer in self.layers:
            h = layer(h, freqs_cis, q_scale)
        return self.head(self.norm(h))


def mistral4_tiny(pretrained=False, **kwargs):
    """torch.hub entry point."""
    return Transformer(**kwargs)
