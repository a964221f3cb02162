"""Qwen2: attention weights as 3-D kernels ``[d_model, heads, head_dim]`` contracted with
``torch.einsum`` (bias vectors ``[heads, head_dim]`` on q, k and v only, none on the output),
grouped-query attention by indexing the KV head of each query head, rotary by
``rotate_half``, and an untied head."""

import torch
import torch.nn as nn
import torch.nn.functional as F

D_MODEL = 64
N_Q = 4
N_KV = 2
D_HEAD = D_MODEL // N_Q
D_MLP = 192
N_LAYER = 3
N_VOCAB = 1000
EPS = 1e-6
BASE = 1000000.0


class RMSNorm(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(D_MODEL))

    def forward(self, x):
        return self.weight * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + EPS))


def kernel(*shape):
    return nn.Parameter(torch.randn(*shape) * 0.02)


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.W_Q, self.b_Q = kernel(D_MODEL, N_Q, D_HEAD), kernel(N_Q, D_HEAD)
        self.W_K, self.b_K = kernel(D_MODEL, N_KV, D_HEAD), kernel(N_KV, D_HEAD)
        self.W_V, self.b_V = kernel(D_MODEL, N_KV, D_HEAD), kernel(N_KV, D_HEAD)
        self.W_O = kernel(N_Q, D_HEAD, D_MODEL)

    def forward(self, x, cos, sin):
        q = torch.einsum("btd,dhk->bhtk", x, self.W_Q) + self.b_Q[None, :, None]
        k = torch.einsum("btd,dhk->bhtk", x, self.W_K) + self.b_K[None, :, None]
        v = torch.einsum("btd,dhk->bhtk", x, self.W_V) + self.b_V[None, :, None]

        def rot(z):
            z1, z2 = z.chunk(2, -1)
            return z * cos + torch.cat((-z2, z1), -1) * sin

        q, k = rot(q), rot(k)
        kv_of = torch.arange(N_Q) // (N_Q // N_KV)
        y = F.scaled_dot_product_attention(q, k[:, kv_of], v[:, kv_of], is_causal=True)
        return torch.einsum("bhtk,hkd->btd", y, self.W_O)


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.W_gate = kernel(D_MODEL, D_MLP)
        self.W_in = kernel(D_MODEL, D_MLP)
        self.W_out = kernel(D_MLP, D_MODEL)

    def forward(self, x):
        return (F.silu(x @ self.W_gate) * (x @ self.W_in)) @ self.W_out


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln1, self.attn, self.ln2, self.mlp = RMSNorm(), Attention(), RMSNorm(), MLP()

    def forward(self, x, cos, sin):
        x = x + self.attn(self.ln1(x), cos, sin)
        return x + self.mlp(self.ln2(x))


class Qwen2Einsum(nn.Module):
    def __init__(self):
        super().__init__()
        self.W_E = kernel(N_VOCAB, D_MODEL)
        self.blocks = nn.ModuleList([Block() for _ in range(N_LAYER)])
        self.ln_final = RMSNorm()
        self.W_U = kernel(D_MODEL, N_VOCAB)

    def forward(self, tokens):
        inv = 1.0 / BASE ** (torch.arange(0, D_HEAD, 2).float() / D_HEAD)
        f = torch.outer(torch.arange(tokens.shape[1]).float(), inv)
        emb = torch.cat((f, f), -1)
        x = self.W_E[tokens]
        for b in self.blocks:
            x = b(x, emb.cos(), emb.sin())
        return self.ln_final(x) @ self.W_U
