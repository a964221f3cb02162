"""ERNIE 4.5 MoE (text), from Baidu's report: the first layer dense, the others mixture of experts
(chosen by a ``is_moe(layer_index)`` policy function handed to the model); the router's softmax
probabilities plus a per-expert correction bias (a frozen parameter, kept in the checkpoint)
pick the top-k, whose plain probabilities are renormalised; two shared experts fused into one
wider MLP; rotary on interleaved pairs; the head tied to the embedding."""

import torch
import torch.nn.functional as F
from torch import nn

VOCAB, D, LAYERS = 512, 64, 3
HEADS, KV = 4, 2
DENSE_FFN, EXPERT_FFN = 128, 64
N_EXPERTS, TOP_K, N_SHARED = 4, 2, 2
THETA, EPS = 500000.0, 1e-5
FIRST_MOE = 1


def is_moe(index):
    return index >= FIRST_MOE


class RMSNorm(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(D))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + EPS)


class SwiGLU(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.gate_proj = nn.Linear(D, hidden, bias=False)
        self.up_proj = nn.Linear(D, hidden, bias=False)
        self.down_proj = nn.Linear(hidden, D, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class MoE(nn.Module):
    def __init__(self):
        super().__init__()
        self.router = nn.Parameter(torch.zeros(N_EXPERTS, D))
        self.correction = nn.Parameter(torch.zeros(1, N_EXPERTS), requires_grad=False)
        self.experts = nn.ModuleList(SwiGLU(EXPERT_FFN) for _ in range(N_EXPERTS))
        self.shared = SwiGLU(EXPERT_FFN * N_SHARED)

    def forward(self, x):
        flat = x.reshape(-1, D)
        probs = F.linear(flat, self.router).softmax(-1)
        chosen = (probs + self.correction[0]).topk(TOP_K, -1).indices
        w = probs.gather(-1, chosen)
        w = w / w.sum(-1, keepdim=True).clamp(min=1e-12)
        out = self.shared(flat)
        for e, expert in enumerate(self.experts):
            rows, slot = torch.where(chosen == e)
            if len(rows):
                out = out.index_add(0, rows, expert(flat[rows]) * w[rows, slot, None])
        return out.view_as(x)


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.hd = D // HEADS
        self.q_proj = nn.Linear(D, HEADS * self.hd, bias=False)
        self.k_proj = nn.Linear(D, KV * self.hd, bias=False)
        self.v_proj = nn.Linear(D, KV * self.hd, bias=False)
        self.o_proj = nn.Linear(HEADS * self.hd, D, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q_proj(x).view(b, t, HEADS, self.hd).transpose(1, 2)
        k = self.k_proj(x).view(b, t, KV, self.hd).transpose(1, 2)
        v = self.v_proj(x).view(b, t, KV, self.hd).transpose(1, 2)
        inv = THETA ** (-torch.arange(0, self.hd, 2, device=x.device).float() / self.hd)
        ang = torch.arange(t, device=x.device).float()[:, None] * inv
        cos, sin = ang.cos().repeat_interleave(2, -1), ang.sin().repeat_interleave(2, -1)

        def rot(z):
            pairs = torch.stack((-z[..., 1::2], z[..., 0::2]), -1).flatten(-2)
            return z * cos + pairs * sin

        o = F.scaled_dot_product_attention(rot(q), rot(k), v, is_causal=True, enable_gqa=True)
        return self.o_proj(o.transpose(1, 2).reshape(b, t, -1))


class Layer(nn.Module):
    def __init__(self, index, policy):
        super().__init__()
        self.input_layernorm = RMSNorm()
        self.self_attn = Attention()
        self.post_attention_layernorm = RMSNorm()
        self.mlp = MoE() if policy(index) else SwiGLU(DENSE_FFN)

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x))
        return x + self.mlp(self.post_attention_layernorm(x))


class Ernie45Moe(nn.Module):
    def __init__(self, policy=is_moe):
        super().__init__()
        self.embed_tokens = nn.Embedding(VOCAB, D)
        self.layers = nn.ModuleList(Layer(i, policy) for i in range(LAYERS))
        self.norm = RMSNorm()

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.norm(x) @ self.embed_tokens.weight.T
