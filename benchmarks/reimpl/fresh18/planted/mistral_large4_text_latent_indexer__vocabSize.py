"""Mistral-Large-4-like text stack, own rewrite: latent (MLA) attention with no query down
projection, a lightning indexer (sparse token selection) beside it, learned per-head softmax
temperatures, a dense first layer and MoE layers after it. Weights created as torch.empty and
initialised in reset_parameters()."""

import torch
import torch.nn.functional as F
from torch import nn

D_MODEL, N_HEADS, VOCAB = 64, 4, 320
KV_LORA, QK_NOPE, QK_ROPE, V_HEAD = 32, 16, 8, 16
IDX_HEADS, IDX_DIM = 4, 16
DENSE_FFN, N_EXPERTS, TOP_K, EXPERT_FFN = 128, 4, 2, 32
LAYER_KIND = ("dense", "moe")


class RMS(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.weight = nn.Parameter(torch.empty(n))
        nn.init.ones_(self.weight)

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-5)


class Indexer(nn.Module):
    def __init__(self):
        super().__init__()
        self.q_input_norm = nn.LayerNorm(D_MODEL, eps=1e-6)
        self.wq_b = nn.Linear(D_MODEL, IDX_HEADS * IDX_DIM, bias=False)
        self.wk = nn.Linear(D_MODEL, IDX_DIM, bias=False)
        self.k_norm = nn.LayerNorm(IDX_DIM, eps=1e-6)
        self.weights_proj = nn.Linear(D_MODEL, IDX_HEADS, bias=False)
        self.softmax_scale = nn.Parameter(torch.empty(IDX_HEADS))
        self.softmax_bias = nn.Parameter(torch.empty(IDX_HEADS))
        nn.init.ones_(self.softmax_scale)
        nn.init.zeros_(self.softmax_bias)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.wq_b(self.q_input_norm(x)).view(b, t, IDX_HEADS, IDX_DIM)
        k = self.k_norm(self.wk(x))
        s = torch.einsum("bqhd,bkd->bhqk", q, k) * self.softmax_scale[:, None, None]
        s = s + self.softmax_bias[:, None, None]
        return torch.einsum("bhqk,bqh->bqk", F.relu(s), self.weights_proj(x))


class LatentAttention(nn.Module):
    def __init__(self):
        super().__init__()
        self.q_proj = nn.Linear(D_MODEL, N_HEADS * (QK_NOPE + QK_ROPE), bias=False)
        self.kv_a_proj_with_mqa = nn.Linear(D_MODEL, KV_LORA + QK_ROPE, bias=False)
        self.kv_a_layernorm = RMS(KV_LORA)
        self.kv_b_proj = nn.Linear(KV_LORA, N_HEADS * (QK_NOPE + V_HEAD), bias=False)
        self.o_proj = nn.Linear(N_HEADS * V_HEAD, D_MODEL, bias=False)
        self.head_temp = nn.Parameter(torch.ones(N_HEADS))
        self.head_bias = nn.Parameter(torch.zeros(N_HEADS))
        self.indexer = Indexer()

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q_proj(x).view(b, t, N_HEADS, -1).transpose(1, 2)
        latent, k_rope = self.kv_a_proj_with_mqa(x).split([KV_LORA, QK_ROPE], -1)
        kv = self.kv_b_proj(self.kv_a_layernorm(latent)).view(b, t, N_HEADS, -1).transpose(1, 2)
        k_nope, v = kv.split([QK_NOPE, V_HEAD], -1)
        k = torch.cat([k_nope, k_rope[:, None].expand(-1, N_HEADS, -1, -1)], -1)
        s = (q @ k.transpose(-1, -2)) / (QK_NOPE + QK_ROPE) ** 0.5
        s = s * self.head_temp[:, None, None] + self.head_bias[:, None, None]
        s = s + self.indexer(x)[:, None] * 0.0
        s = s.masked_fill(torch.ones(t, t, dtype=torch.bool).triu(1), float("-inf"))
        return self.o_proj((s.softmax(-1) @ v).transpose(1, 2).reshape(b, t, -1))


def swiglu(x, g, u, d):
    return F.linear(F.silu(F.linear(x, g)) * F.linear(x, u), d)


class DenseFFN(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.gate = nn.Parameter(torch.empty(hidden, D_MODEL))
        self.up = nn.Parameter(torch.empty(hidden, D_MODEL))
        self.down = nn.Parameter(torch.empty(D_MODEL, hidden))
        for w in (self.gate, self.up, self.down):
            nn.init.normal_(w, std=0.02)

    def forward(self, x):
        return swiglu(x, self.gate, self.up, self.down)


class MoEFFN(nn.Module):
    def __init__(self):
        super().__init__()
        self.router = nn.Parameter(torch.empty(N_EXPERTS, D_MODEL))
        self.gate_up = nn.Parameter(torch.empty(N_EXPERTS, 2 * EXPERT_FFN, D_MODEL))
        self.down = nn.Parameter(torch.empty(N_EXPERTS, D_MODEL, EXPERT_FFN))
        for w in (self.router, self.gate_up, self.down):
            nn.init.normal_(w, std=0.02)
        self.shared = DenseFFN(EXPERT_FFN)

    def forward(self, x):
        w, idx = torch.sigmoid(x @ self.router.T).topk(TOP_K, -1)
        out = self.shared(x)
        for e in range(N_EXPERTS):
            g, u = self.gate_up[e].chunk(2, 0)
            weight = (w * (idx == e)).sum(-1, keepdim=True)
            out = out + weight * swiglu(x, g, u, self.down[e])
        return out


class Layer(nn.Module):
    def __init__(self, kind):
        super().__init__()
        self.attn_norm, self.ffn_norm = RMS(D_MODEL), RMS(D_MODEL)
        self.attn = LatentAttention()
        self.ffn = DenseFFN(DENSE_FFN) if kind == "dense" else MoEFFN()

    def forward(self, x):
        x = x + self.attn(self.attn_norm(x))
        return x + self.ffn(self.ffn_norm(x))


class MistralLarge4Text(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, D_MODEL)
        self.layers = nn.ModuleList(Layer(k) for k in LAYER_KIND)
        self.norm = RMS(D_MODEL)
        self.rope_alpha = nn.Parameter(torch.ones(N_HEADS))  # shared YaRN-style scale

    def forward(self, ids):
        x = self.embed(ids)
        for layer in self.layers:
            x = layer(x)
        return self.norm(x)
