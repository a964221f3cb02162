"""MiniMax (hybrid softmax / lightning attention) whose layers are made by a dispatch on the
layer kind (``getattr(self, f"_make_{kind}")``) and attached with setattr; MoE feed-forward on
every layer. Forward: the linear-attention layers use a plain causal cumulative-sum form
(count-proved)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

VOCAB, HIDDEN, HEADS, KV_HEADS, HEAD_DIM = 256, 64, 4, 2, 16
EXPERT_FFN, N_EXPERTS, TOP_K = 128, 8, 2
LAYER_KINDS = ("full", "linear")
EPS = 1e-5


class MoE(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate = nn.Linear(HIDDEN, N_EXPERTS, bias=False)
        self.experts = nn.Module()
        self.experts.gate_up_proj = nn.Parameter(torch.zeros(N_EXPERTS, 2 * EXPERT_FFN, HIDDEN))
        self.experts.down_proj = nn.Parameter(torch.zeros(N_EXPERTS, HIDDEN, EXPERT_FFN))

    def forward(self, x):
        w, idx = self.gate(x).softmax(-1).topk(TOP_K, -1)
        w = w / w.sum(-1, keepdim=True)
        out = torch.zeros_like(x)
        for j in range(TOP_K):
            g, u = torch.einsum("btd,btfd->btf", x, self.experts.gate_up_proj[idx[..., j]]).chunk(
                2, -1
            )
            out = out + w[..., j, None] * torch.einsum(
                "btf,btdf->btd", F.silu(g) * u, self.experts.down_proj[idx[..., j]]
            )
        return out


class SoftmaxAttention(nn.Module):
    def __init__(self):
        super().__init__()
        self.q_proj = nn.Linear(HIDDEN, HEADS * HEAD_DIM, bias=False)
        self.k_proj = nn.Linear(HIDDEN, KV_HEADS * HEAD_DIM, bias=False)
        self.v_proj = nn.Linear(HIDDEN, KV_HEADS * HEAD_DIM, bias=False)
        self.o_proj = nn.Linear(HEADS * HEAD_DIM, HIDDEN, bias=False)

    def forward(self, x):
        B, T, _ = x.shape
        q = self.q_proj(x).view(B, T, HEADS, HEAD_DIM).transpose(1, 2)
        k = self.k_proj(x).view(B, T, KV_HEADS, HEAD_DIM).transpose(1, 2)
        v = self.v_proj(x).view(B, T, KV_HEADS, HEAD_DIM).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o_proj(o.transpose(1, 2).reshape(B, T, -1))


class LightningAttention(nn.Module):
    def __init__(self):
        super().__init__()
        self.qkv_proj = nn.Linear(HIDDEN, 3 * HEADS * HEAD_DIM, bias=False)
        self.norm = nn.RMSNorm(HEADS * HEAD_DIM, eps=EPS)
        self.output_gate = nn.Linear(HIDDEN, HEADS * HEAD_DIM, bias=False)
        self.out_proj = nn.Linear(HEADS * HEAD_DIM, HIDDEN, bias=False)

    def forward(self, x):
        B, T, _ = x.shape
        q, k, v = F.silu(self.qkv_proj(x)).view(B, T, HEADS, 3 * HEAD_DIM).split(HEAD_DIM, -1)
        kv = torch.einsum("bthd,bthe->bthde", k, v).cumsum(1)
        o = torch.einsum("bthd,bthde->bthe", q, kv).reshape(B, T, -1)
        return self.out_proj(self.norm(o) * torch.sigmoid(self.output_gate(x)))


class Layer(nn.Module):
    def __init__(self, kind):
        super().__init__()
        self.input_layernorm = nn.RMSNorm(HIDDEN, eps=EPS)
        self.self_attn = getattr(self, f"_make_{kind}")()
        self.post_attention_layernorm = nn.RMSNorm(HIDDEN, eps=EPS)
        self.mlp = MoE()

    def _make_full(self):
        return SoftmaxAttention()

    def _make_linear(self):
        return LightningAttention()

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x))
        return x + self.mlp(self.post_attention_layernorm(x))


class MiniMax(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(VOCAB, HIDDEN)
        for i, kind in enumerate(LAYER_KINDS):
            setattr(self, f"layer_{i}", Layer(kind))
        self.norm = nn.RMSNorm(HIDDEN, eps=EPS)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for i in range(len(LAYER_KINDS)):
            x = getattr(self, f"layer_{i}")(x)
        return self.norm(x)
