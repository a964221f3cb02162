"""DeepSeek-V3, after the reference inference code: multi-head latent attention (a low-rank query
path with its own RMSNorm, a shared compressed KV with a decoupled rotary key), dense MLPs in
the first layers and routed experts with sigmoid scores, a score-correction bias and group-
limited top-k plus a shared expert after them, an untied head. As in the reference, every
sharded size is divided by ``world_size`` (here 1) when a module is built."""

from dataclasses import dataclass

import torch
import torch.nn.functional as F
from torch import nn

world_size = 1


@dataclass
class ModelArgs:
    vocab_size: int = 688
    dim: int = 64
    inter_dim: int = 160
    moe_inter_dim: int = 32
    n_layers: int = 3
    n_dense_layers: int = 1
    n_heads: int = 4
    n_routed_experts: int = 8
    n_shared_experts: int = 1
    n_activated_experts: int = 2
    n_expert_groups: int = 2
    n_limited_groups: int = 1
    route_scale: float = 2.5
    q_lora_rank: int = 48
    kv_lora_rank: int = 64
    qk_nope_head_dim: int = 16
    qk_rope_head_dim: int = 8
    v_head_dim: int = 16
    rope_theta: float = 10000.0
    norm_eps: float = 1e-6


class MLA(nn.Module):
    def __init__(self, a: ModelArgs):
        super().__init__()
        self.a = a
        self.n_local_heads = a.n_heads // world_size
        self.qk_head_dim = a.qk_nope_head_dim + a.qk_rope_head_dim
        self.wq_a = nn.Linear(a.dim, a.q_lora_rank, bias=False)
        self.q_norm = nn.RMSNorm(a.q_lora_rank, eps=a.norm_eps)
        self.wq_b = nn.Linear(a.q_lora_rank, self.n_local_heads * self.qk_head_dim, bias=False)
        self.wkv_a = nn.Linear(a.dim, a.kv_lora_rank + a.qk_rope_head_dim, bias=False)
        self.kv_norm = nn.RMSNorm(a.kv_lora_rank, eps=a.norm_eps)
        self.wkv_b = nn.Linear(
            a.kv_lora_rank, self.n_local_heads * (a.qk_nope_head_dim + a.v_head_dim), bias=False
        )
        self.wo = nn.Linear(self.n_local_heads * a.v_head_dim, a.dim, bias=False)

    def rope(self, x):
        t, r = x.shape[-2], self.a.qk_rope_head_dim
        inv = 1.0 / self.a.rope_theta ** (torch.arange(0, r, 2).float() / r)
        ang = torch.arange(t).float()[:, None] * inv
        cos, sin = torch.cat((ang, ang), -1).cos(), torch.cat((ang, ang), -1).sin()
        return x * cos + torch.cat((-x[..., r // 2 :], x[..., : r // 2]), -1) * sin

    def forward(self, x):
        b, t, _ = x.shape
        a, h = self.a, self.n_local_heads
        q = self.wq_b(self.q_norm(self.wq_a(x))).view(b, t, h, self.qk_head_dim).transpose(1, 2)
        q_nope, q_pe = q.split([a.qk_nope_head_dim, a.qk_rope_head_dim], -1)
        kv, k_pe = self.wkv_a(x).split([a.kv_lora_rank, a.qk_rope_head_dim], -1)
        kv = self.wkv_b(self.kv_norm(kv)).view(b, t, h, -1).transpose(1, 2)
        k_nope, v = kv.split([a.qk_nope_head_dim, a.v_head_dim], -1)
        k_pe = self.rope(k_pe[:, None]).expand(b, h, t, a.qk_rope_head_dim)
        q = torch.cat([q_nope, self.rope(q_pe)], -1)
        k = torch.cat([k_nope, k_pe], -1)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.wo(o.transpose(1, 2).reshape(b, t, -1))


class MLP(nn.Module):
    def __init__(self, dim, inter_dim):
        super().__init__()
        self.w1 = nn.Linear(dim, inter_dim // world_size, bias=False)
        self.w2 = nn.Linear(inter_dim // world_size, dim, bias=False)
        self.w3 = nn.Linear(dim, inter_dim // world_size, bias=False)

    def forward(self, x):
        return self.w2(F.silu(self.w1(x)) * self.w3(x))


class Gate(nn.Module):
    def __init__(self, a: ModelArgs):
        super().__init__()
        self.a = a
        self.weight = nn.Parameter(torch.empty(a.n_routed_experts, a.dim))
        nn.init.normal_(self.weight, std=0.02)
        self.register_buffer("bias", torch.zeros(a.n_routed_experts))

    def forward(self, x):
        a = self.a
        scores = torch.sigmoid(x @ self.weight.T)
        biased = scores + self.bias
        groups = biased.view(x.shape[0], a.n_expert_groups, -1).topk(2, -1)[0].sum(-1)
        keep = groups.topk(a.n_limited_groups, -1)[1]
        mask = torch.ones_like(groups, dtype=torch.bool).scatter_(1, keep, False)
        biased = (
            biased.view(x.shape[0], a.n_expert_groups, -1)
            .masked_fill(mask[..., None], float("-inf"))
            .flatten(1)
        )
        idx = biased.topk(a.n_activated_experts, -1)[1]
        w = scores.gather(1, idx)
        return w / w.sum(-1, keepdim=True) * a.route_scale, idx


class MoE(nn.Module):
    def __init__(self, a: ModelArgs):
        super().__init__()
        self.n_local_experts = a.n_routed_experts // world_size
        self.gate = Gate(a)
        self.experts = nn.ModuleList(
            MLP(a.dim, a.moe_inter_dim) for _ in range(self.n_local_experts)
        )
        self.shared_experts = MLP(a.dim, a.n_shared_experts * a.moe_inter_dim)

    def forward(self, x):
        shape = x.shape
        x = x.reshape(-1, shape[-1])
        w, idx = self.gate(x)
        y = torch.zeros_like(x)
        for e, expert in enumerate(self.experts):
            rows, slot = torch.where(idx == e)
            if rows.numel():
                y[rows] += expert(x[rows]) * w[rows, slot, None]
        return (y + self.shared_experts(x)).view(shape)


class Block(nn.Module):
    def __init__(self, layer_id: int, a: ModelArgs):
        super().__init__()
        self.attn = MLA(a)
        self.ffn = MLP(a.dim, a.inter_dim) if layer_id < a.n_dense_layers else MoE(a)
        self.attn_norm = nn.RMSNorm(a.dim, eps=a.norm_eps)
        self.ffn_norm = nn.RMSNorm(a.dim, eps=a.norm_eps)

    def forward(self, x):
        x = x + self.attn(self.attn_norm(x))
        return x + self.ffn(self.ffn_norm(x))


class Transformer(nn.Module):
    def __init__(self, a: ModelArgs | None = None):
        super().__init__()
        a = a or ModelArgs()
        self.embed = nn.Embedding(a.vocab_size, a.dim)
        self.layers = nn.ModuleList(Block(i, a) for i in range(a.n_layers))
        self.norm = nn.RMSNorm(a.dim, eps=a.norm_eps)
        self.head = nn.Linear(a.dim, a.vocab_size // world_size, bias=False)

    def forward(self, tokens):
        h = self.embed(tokens)
        for layer in self.layers:
            h = layer(h)
        return self.head(self.norm(h))
