"""Mixtral, from the paper: a Mistral decoder whose FFN is a sparse mixture of SwiGLU experts
(softmax over all router logits, top-2, the chosen weights renormalised). The config is a
plain class instance: a copy (``copy.copy``) of the 8x7B base object with the tiny sizes
assigned one attribute at a time. Each expert keeps its three matrices as raw parameters."""

import copy

import torch
import torch.nn.functional as F
from torch import nn


class MixtralArgs:
    def __init__(self):
        self.dim = 4096
        self.n_layers = 32
        self.n_heads = 32
        self.n_kv_heads = 8
        self.hidden_dim = 14336
        self.vocab_size = 32000
        self.num_experts = 8
        self.top_k = 2
        self.norm_eps = 1e-5
        self.rope_theta = 1000000.0


BASE = MixtralArgs()
args = copy.copy(BASE)
args.dim = 64
args.n_layers = 2
args.n_heads = 4
args.n_kv_heads = 2
args.hidden_dim = 112
args.vocab_size = 600
args.num_experts = 4


class RMSNorm(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(args.dim))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + args.norm_eps)


class Expert(nn.Module):
    def __init__(self):
        super().__init__()
        self.w1 = nn.Parameter(torch.randn(args.hidden_dim, args.dim) * 0.02)
        self.w3 = nn.Parameter(torch.randn(args.hidden_dim, args.dim) * 0.02)
        self.w2 = nn.Parameter(torch.randn(args.dim, args.hidden_dim) * 0.02)

    def forward(self, x):
        return F.linear(F.silu(F.linear(x, self.w1)) * F.linear(x, self.w3), self.w2)


class SparseMoE(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate = nn.Linear(args.dim, args.num_experts, bias=False)
        self.experts = nn.ModuleList(Expert() for _ in range(args.num_experts))

    def forward(self, x):
        flat = x.reshape(-1, args.dim)
        probs = self.gate(flat).softmax(-1)
        w, idx = probs.topk(args.top_k, -1)
        w = w / w.sum(-1, keepdim=True)
        out = torch.zeros_like(flat)
        for e, expert in enumerate(self.experts):
            tok, slot = (idx == e).nonzero(as_tuple=True)
            if tok.numel():
                out[tok] += expert(flat[tok]) * w[tok, slot, None]
        return out.view_as(x)


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        hd = args.dim // args.n_heads
        self.attention_norm = RMSNorm()
        self.wq = nn.Linear(args.dim, args.n_heads * hd, bias=False)
        self.wk = nn.Linear(args.dim, args.n_kv_heads * hd, bias=False)
        self.wv = nn.Linear(args.dim, args.n_kv_heads * hd, bias=False)
        self.wo = nn.Linear(args.n_heads * hd, args.dim, bias=False)
        self.ffn_norm = RMSNorm()
        self.moe = SparseMoE()

    def forward(self, x, cos, sin):
        b, t, _ = x.shape
        hd = args.dim // args.n_heads
        h = self.attention_norm(x)
        q = self.wq(h).view(b, t, -1, hd).transpose(1, 2)
        k = self.wk(h).view(b, t, -1, hd).transpose(1, 2)
        v = self.wv(h).view(b, t, -1, hd).transpose(1, 2)
        q = q * cos + torch.cat([-q[..., hd // 2 :], q[..., : hd // 2]], -1) * sin
        k = k * cos + torch.cat([-k[..., hd // 2 :], k[..., : hd // 2]], -1) * sin
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.wo(o.transpose(1, 2).reshape(b, t, -1))
        return x + self.moe(self.ffn_norm(x))


class Mixtral(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok_embeddings = nn.Embedding(args.vocab_size, args.dim)
        self.layers = nn.ModuleList(Block() for _ in range(args.n_layers))
        self.norm = RMSNorm()
        self.output = nn.Linear(args.dim, args.vocab_size, bias=False)

    def forward(self, tokens):
        hd = args.dim // args.n_heads
        inv = args.rope_theta ** (-torch.arange(0, hd, 2, device=tokens.device).float() / hd)
        ang = torch.arange(tokens.shape[1], device=tokens.device).float()[:, None] * inv
        cos, sin = torch.cat([ang.cos()] * 2, -1), torch.cat([ang.sin()] * 2, -1)
        x = self.tok_embeddings(tokens)
        for layer in self.layers:
            x = layer(x, cos, sin)
        return self.output(self.norm(x))
