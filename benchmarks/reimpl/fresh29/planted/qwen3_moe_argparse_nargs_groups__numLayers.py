"""Qwen3-MoE sized by a command line whose grouped options take several values each
(``argparse`` ``nargs=3``: ``--attn HEADS KV_HEADS HEAD_DIM``, ``--moe EXPERTS TOP_K
EXPERT_FFN``), unpacked into a plain class with ``__slots__``; Qwen3-30B-A3B's sizes are the
defaults. Each expert its own gated MLP in a ModuleList, routed by softmax -> top-k ->
renormalised weights."""

import argparse

import torch
import torch.nn.functional as F
from torch import nn

parser = argparse.ArgumentParser(description="train a Qwen3-MoE language model")
parser.add_argument("--vocab", type=int, default=151936)
parser.add_argument("--d-model", type=int, default=2048)
parser.add_argument("--n-layers", type=int, default=48)
parser.add_argument(
    "--attn", type=int, nargs=3, default=[32, 4, 128], metavar=("HEADS", "KV_HEADS", "HEAD_DIM")
)
parser.add_argument(
    "--moe", type=int, nargs=3, default=[128, 8, 768], metavar=("EXPERTS", "TOP_K", "FFN")
)
parser.add_argument("--rope-theta", type=float, default=1000000.0)
parser.add_argument("--eps", type=float, default=1e-6)

# the launch line: python train_moe.py --vocab 512 --d-model 64 ...
ARGV = """
    --vocab 512
    --d-model 64
    --n-layers 3
    --attn 4 2 16
    --moe 8 2 48
""".split()
args = parser.parse_args(ARGV)


class MoEConfig:
    __slots__ = (
        "vocab",
        "d_model",
        "n_layers",
        "n_heads",
        "n_kv",
        "head_dim",
        "n_experts",
        "top_k",
        "expert_ffn",
        "theta",
        "eps",
    )

    def __init__(self, args):
        self.vocab = args.vocab
        self.d_model = args.d_model
        self.n_layers = args.n_layers
        self.n_heads, self.n_kv, self.head_dim = args.attn
        self.n_experts, self.top_k, self.expert_ffn = args.moe
        self.theta = args.rope_theta
        self.eps = args.eps


C = MoEConfig(args)


class RMSNorm(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(n))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + C.eps)


def rotate(x):
    h = x.shape[-1] // 2
    return torch.cat((-x[..., h:], x[..., :h]), -1)


class SelfAttn(nn.Module):
    def __init__(self):
        super().__init__()
        self.q_proj = nn.Linear(C.d_model, C.n_heads * C.head_dim, bias=False)
        self.k_proj = nn.Linear(C.d_model, C.n_kv * C.head_dim, bias=False)
        self.v_proj = nn.Linear(C.d_model, C.n_kv * C.head_dim, bias=False)
        self.o_proj = nn.Linear(C.n_heads * C.head_dim, C.d_model, bias=False)
        self.q_norm = RMSNorm(C.head_dim)
        self.k_norm = RMSNorm(C.head_dim)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q_norm(self.q_proj(x).view(b, t, -1, C.head_dim)).transpose(1, 2)
        k = self.k_norm(self.k_proj(x).view(b, t, -1, C.head_dim)).transpose(1, 2)
        v = self.v_proj(x).view(b, t, -1, C.head_dim).transpose(1, 2)
        freqs = 1.0 / C.theta ** (torch.arange(0, C.head_dim, 2).float() / C.head_dim)
        ang = torch.arange(t).float()[:, None] * freqs
        ang = torch.cat([ang, ang], -1)
        q = q * ang.cos() + rotate(q) * ang.sin()
        k = k * ang.cos() + rotate(k) * ang.sin()
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o_proj(o.transpose(1, 2).reshape(b, t, -1))


class Expert(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate_proj = nn.Linear(C.d_model, C.expert_ffn, bias=False)
        self.up_proj = nn.Linear(C.d_model, C.expert_ffn, bias=False)
        self.down_proj = nn.Linear(C.expert_ffn, C.d_model, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class SparseBlock(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate = nn.Linear(C.d_model, C.n_experts, bias=False)
        self.experts = nn.ModuleList(Expert() for _ in range(C.n_experts))

    def forward(self, x):
        flat = x.reshape(-1, x.shape[-1])
        probs = self.gate(flat).softmax(-1)
        w, idx = probs.topk(C.top_k, -1)
        w = w / w.sum(-1, keepdim=True)
        out = torch.zeros_like(flat)
        for e, expert in enumerate(self.experts):
            rows, slot = (idx == e).nonzero(as_tuple=True)
            if rows.numel():
                out.index_add_(0, rows, expert(flat[rows]) * w[rows, slot, None])
        return out.view_as(x)


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.input_layernorm = RMSNorm(C.d_model)
        self.self_attn = SelfAttn()
        self.post_attention_layernorm = RMSNorm(C.d_model)
        self.mlp = SparseBlock()

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x))
        return x + self.mlp(self.post_attention_layernorm(x))


class Qwen3Moe(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(C.vocab, C.d_model)
        self.layers = nn.ModuleList(Block() for _ in range(C.n_layers))
        self.norm = RMSNorm(C.d_model)
        self.lm_head = nn.Linear(C.d_model, C.vocab, bias=False)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for blk in self.layers:
            x = blk(x)
        return self.lm_head(self.norm(x))
