"""EXAONE 4.0 (dense), put together from mixins: each mixin brings one piece of machinery
(norm factory, rotary tables, a causal window mask) and the blocks inherit what they use.
Post-norm inside the residual (no input norm), per-head q/k RMSNorm, three sliding layers
then one global layer that has no rotary at all."""

import torch
import torch.nn.functional as F
from torch import nn

VOCAB = 512
WIDTH = 64
FFN = 160
DEPTH = 4
N_HEADS = 4
N_KV = 2
HEAD = 16
WINDOW = 32
GLOBAL_EVERY = 4
THETA = 1000000.0
EPS = 1e-5


class RMSNorm(nn.Module):
    def __init__(self, dim, eps):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))
        self.eps = eps

    def forward(self, x):
        var = x.float().pow(2).mean(-1, keepdim=True)
        return self.weight * (x.float() * torch.rsqrt(var + self.eps)).to(x.dtype)


class NormMixin:
    def make_norm(self, dim):
        return RMSNorm(dim, EPS)


class RotaryMixin:
    @staticmethod
    def rotary(x, pos):
        inv = 1.0 / (THETA ** (torch.arange(0, HEAD, 2, dtype=torch.float32) / HEAD))
        ang = pos[:, None].float() * inv[None, :]
        ang = torch.cat([ang, ang], -1)
        half = x.shape[-1] // 2
        rot = torch.cat([-x[..., half:], x[..., :half]], -1)
        return x * ang.cos() + rot * ang.sin()


class MaskMixin:
    @staticmethod
    def causal_mask(n, window=None):
        i = torch.arange(n)[:, None]
        j = torch.arange(n)[None, :]
        keep = j <= i
        if window is not None:
            keep = keep & (i - j < window)
        return keep


class Attention(nn.Module, NormMixin, RotaryMixin, MaskMixin):
    def __init__(self, sliding):
        super().__init__()
        self.sliding = sliding
        self.q_proj = nn.Linear(WIDTH, N_HEADS * HEAD, bias=False)
        self.k_proj = nn.Linear(WIDTH, N_KV * HEAD, bias=False)
        self.v_proj = nn.Linear(WIDTH, N_KV * HEAD, bias=False)
        self.o_proj = nn.Linear(N_HEADS * HEAD, WIDTH, bias=False)
        self.q_norm = self.make_norm(HEAD)
        self.k_norm = self.make_norm(HEAD)

    def forward(self, x):
        b, n, _ = x.shape
        q = self.q_norm(self.q_proj(x).view(b, n, N_HEADS, HEAD)).transpose(1, 2)
        k = self.k_norm(self.k_proj(x).view(b, n, N_KV, HEAD)).transpose(1, 2)
        v = self.v_proj(x).view(b, n, N_KV, HEAD).transpose(1, 2)
        if self.sliding:  # the global layers carry no position signal
            pos = torch.arange(n)
            q, k = self.rotary(q, pos), self.rotary(k, pos)
        k = k.repeat_interleave(N_HEADS // N_KV, 1)
        v = v.repeat_interleave(N_HEADS // N_KV, 1)
        mask = self.causal_mask(n, WINDOW if self.sliding else None)
        out = F.scaled_dot_product_attention(q, k, v, attn_mask=mask)
        return self.o_proj(out.transpose(1, 2).reshape(b, n, -1))


class GatedMLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate_proj = nn.Linear(WIDTH, FFN, bias=False)
        self.up_proj = nn.Linear(WIDTH, FFN, bias=False)
        self.down_proj = nn.Linear(FFN, WIDTH, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class DecoderLayer(nn.Module, NormMixin):
    def __init__(self, idx):
        super().__init__()
        self.self_attn = Attention(sliding=(idx + 1) % GLOBAL_EVERY != 0)
        self.mlp = GatedMLP()
        self.post_attention_layernorm = self.make_norm(WIDTH)
        self.post_feedforward_layernorm = self.make_norm(WIDTH)

    def forward(self, x):
        x = x + self.post_attention_layernorm(self.self_attn(x))
        return x + self.post_feedforward_layernorm(self.mlp(x))


class Exaone4(nn.Module, NormMixin):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(VOCAB, WIDTH)
        self.layers = nn.ModuleList(DecoderLayer(i) for i in range(DEPTH))
        self.norm = self.make_norm(WIDTH)
        self.lm_head = nn.Linear(WIDTH, VOCAB, bias=False)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm(x))
