"""GLM-4 port: the depth is not written anywhere; it is what a parameter budget for the decoder
stack affords (``round(STACK_BUDGET / block_params(...))``), with the block's parameters counted
by hand; four norms per block, q/k/v biases, partial rotary, a fused SwiGLU."""

from types import SimpleNamespace

import torch
import torch.nn as nn
import torch.nn.functional as F

VOCAB = 512
D_MODEL = 96
D_FF = 224
N_HEAD = 6
N_KV = 2
D_HEAD = 16
STACK_BUDGET = 270_000  # parameters the decoder stack may use


def block_params(d, ff, heads, kv, hd):
    attn = d * heads * hd + heads * hd + 2 * (d * kv * hd + kv * hd) + heads * hd * d
    mlp = d * 2 * ff + ff * d
    return attn + mlp + 4 * d


cfg = SimpleNamespace(
    vocab_size=VOCAB,
    d_model=D_MODEL,
    d_ff=D_FF,
    n_layer=round(STACK_BUDGET / block_params(D_MODEL, D_FF, N_HEAD, N_KV, D_HEAD)),
    n_head=N_HEAD,
    n_kv=N_KV,
    d_head=D_HEAD,
    rope_pct=0.5,
    rope_base=10000.0,
    norm_eps=1.0e-5,
)


class RMSNorm(nn.Module):
    def __init__(self, n, eps=cfg.norm_eps):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(n))

    def forward(self, x):
        return self.weight * x * (x.pow(2).mean(-1, keepdim=True) + self.eps).rsqrt()


def rope(x, cos, sin):
    n = cos.shape[-1] * 2
    pairs = x[..., :n].reshape(*x.shape[:-1], n // 2, 2)
    x0, x1 = pairs[..., 0], pairs[..., 1]
    out = torch.stack([x0 * cos - x1 * sin, x1 * cos + x0 * sin], dim=-1).reshape(*x.shape[:-1], n)
    return torch.cat([out, x[..., n:]], dim=-1)


class SelfAttention(nn.Module):
    def __init__(self):
        super().__init__()
        self.q = nn.Linear(cfg.d_model, cfg.n_head * cfg.d_head)
        self.k = nn.Linear(cfg.d_model, cfg.n_kv * cfg.d_head)
        self.v = nn.Linear(cfg.d_model, cfg.n_kv * cfg.d_head)
        self.o = nn.Linear(cfg.n_head * cfg.d_head, cfg.d_model, bias=False)

    def forward(self, x, cos, sin):
        B, T, _ = x.shape
        q = self.q(x).view(B, T, cfg.n_head, cfg.d_head).transpose(1, 2)
        k = self.k(x).view(B, T, cfg.n_kv, cfg.d_head).transpose(1, 2)
        v = self.v(x).view(B, T, cfg.n_kv, cfg.d_head).transpose(1, 2)
        q, k = rope(q, cos, sin), rope(k, cos, sin)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o(y.transpose(1, 2).reshape(B, T, -1))


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm_in = RMSNorm(cfg.d_model)
        self.attn = SelfAttention()
        self.norm_attn_out = RMSNorm(cfg.d_model)
        self.norm_mid = RMSNorm(cfg.d_model)
        self.gate_up = nn.Linear(cfg.d_model, 2 * cfg.d_ff, bias=False)
        self.down = nn.Linear(cfg.d_ff, cfg.d_model, bias=False)
        self.norm_mlp_out = RMSNorm(cfg.d_model)

    def forward(self, x, cos, sin):
        x = x + self.norm_attn_out(self.attn(self.norm_in(x), cos, sin))
        g, u = self.gate_up(self.norm_mid(x)).chunk(2, dim=-1)
        return x + self.norm_mlp_out(self.down(F.silu(g) * u))


class Glm4ForCausalLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte = nn.Embedding(cfg.vocab_size, cfg.d_model)
        self.blocks = nn.ModuleList(Block() for _ in range(cfg.n_layer))
        self.norm = RMSNorm(cfg.d_model)
        self.lm_head = nn.Linear(cfg.d_model, cfg.vocab_size, bias=False)

    def forward(self, idx):
        n = int(cfg.d_head * cfg.rope_pct)
        freqs = cfg.rope_base ** (-torch.arange(0, n, 2).float() / n)
        ang = torch.outer(torch.arange(idx.shape[1]).float(), freqs)
        x = self.wte(idx)
        for blk in self.blocks:
            x = blk(x, ang.cos(), ang.sin())
        return self.lm_head(self.norm(x))
