"""AXK1 adapted from a paper repo: its own ``ModelHParams`` dataclass whose ``__post_init__``
derives the attention head sizes and the dense/sparse layer plan; MLA attention, a post-MLP
norm on sparse layers. Forward: MLA without RoPE on the rope slice (count-proved)."""

from dataclasses import dataclass, field

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class ModelHParams:
    vocab: int = 320
    d_model: int = 64
    n_layers: int = 2
    n_heads: int = 4
    q_rank: int = 32
    kv_rank: int = 32
    nope_dim: int = 16
    rope_dim: int = 8
    v_dim: int = 16
    d_ff: int = 128
    d_expert: int = 32
    n_experts: int = 4
    top_k: int = 2
    n_dense: int = 1
    layer_plan: list = field(default_factory=list)

    def __post_init__(self):
        self.qk_dim = self.nope_dim + self.rope_dim
        self.layer_plan = ["dense"] * self.n_dense + ["sparse"] * (self.n_layers - self.n_dense)


HP = ModelHParams()


class MLA(nn.Module):
    def __init__(self, hp):
        super().__init__()
        self.hp = hp
        self.q_a_proj = nn.Linear(hp.d_model, hp.q_rank, bias=False)
        self.q_a_layernorm = nn.RMSNorm(hp.q_rank, eps=1e-6)
        self.q_b_proj = nn.Linear(hp.q_rank, hp.n_heads * hp.qk_dim, bias=False)
        self.kv_a_proj_with_mqa = nn.Linear(hp.d_model, hp.kv_rank + hp.rope_dim, bias=False)
        self.kv_a_layernorm = nn.RMSNorm(hp.kv_rank, eps=1e-6)
        self.kv_b_proj = nn.Linear(hp.kv_rank, hp.n_heads * (hp.nope_dim + hp.v_dim), bias=False)
        self.o_proj = nn.Linear(hp.n_heads * hp.v_dim, hp.d_model, bias=False)

    def forward(self, x):
        hp = self.hp
        B, T, _ = x.shape
        q = (
            self.q_b_proj(self.q_a_layernorm(self.q_a_proj(x)))
            .view(B, T, hp.n_heads, hp.qk_dim)
            .transpose(1, 2)
        )
        c, kr = self.kv_a_proj_with_mqa(x).split([hp.kv_rank, hp.rope_dim], -1)
        kv = self.kv_b_proj(self.kv_a_layernorm(c)).view(B, T, hp.n_heads, -1).transpose(1, 2)
        kn, v = kv.split([hp.nope_dim, hp.v_dim], -1)
        k = torch.cat([kn, kr[:, None].expand(-1, hp.n_heads, -1, -1)], -1)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.o_proj(o.transpose(1, 2).reshape(B, T, -1))


class Dense(nn.Module):
    def __init__(self, d, f):
        super().__init__()
        self.gate_proj = nn.Linear(d, f, bias=False)
        self.up_proj = nn.Linear(d, f, bias=False)
        self.down_proj = nn.Linear(f, d, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class Sparse(nn.Module):
    def __init__(self, hp):
        super().__init__()
        self.k = hp.top_k
        self.gate = nn.Linear(hp.d_model, hp.n_experts, bias=False)
        self.experts = nn.ParameterDict(
            {
                "gate_up_proj": nn.Parameter(
                    torch.zeros(hp.n_experts, 2 * hp.d_expert, hp.d_model)
                ),
                "down_proj": nn.Parameter(torch.zeros(hp.n_experts, hp.d_model, hp.d_expert)),
            }
        )
        self.shared_experts = Dense(hp.d_model, hp.d_expert)
        self.post_mlp_layernorm = nn.RMSNorm(hp.d_model, eps=1e-6)

    def forward(self, x):
        w, idx = self.gate(x).sigmoid().topk(self.k, -1)
        out = self.shared_experts(x)
        for s in range(self.k):
            g, u = torch.einsum(
                "btd,btfd->btf", x, self.experts["gate_up_proj"][idx[..., s]]
            ).chunk(2, -1)
            out = out + w[..., s, None] * torch.einsum(
                "btf,btdf->btd", F.silu(g) * u, self.experts["down_proj"][idx[..., s]]
            )
        return self.post_mlp_layernorm(out)


class Layer(nn.Module):
    def __init__(self, hp, kind):
        super().__init__()
        self.input_layernorm = nn.RMSNorm(hp.d_model, eps=1e-6)
        self.self_attn = MLA(hp)
        self.post_attention_layernorm = nn.RMSNorm(hp.d_model, eps=1e-6)
        self.mlp = Dense(hp.d_model, hp.d_ff) if kind == "dense" else Sparse(hp)

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x))
        return x + self.mlp(self.post_attention_layernorm(x))


class AXK1(nn.Module):
    def __init__(self, hp=HP):
        super().__init__()
        self.embed_tokens = nn.Embedding(hp.vocab, hp.d_model)
        self.layers = nn.ModuleList(Layer(hp, kind) for kind in hp.layer_plan)
        self.norm = nn.RMSNorm(hp.d_model, eps=1e-6)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.norm(x)
