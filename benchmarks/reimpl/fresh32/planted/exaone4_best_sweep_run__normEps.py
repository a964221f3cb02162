"""EXAONE 4.0 (dense), sized by the best run of a small sweep: the sweep's results are pasted as
records (sizes and the validation loss each reached) and the model is the run with the lowest
loss. Mixins bring the norm factory, rotary tables and the window mask; post-norm inside the
residual, per-head q/k RMSNorm, three sliding layers then one global layer without rotary."""

import torch
import torch.nn.functional as F
from torch import nn

SWEEP = [
    dict(vocab=512, width=96, ffn=256, depth=4, heads=6, kv=2, head=16, window=32, val_loss=3.412),
    dict(vocab=512, width=64, ffn=160, depth=4, heads=4, kv=2, head=16, window=16, val_loss=3.187),
    dict(vocab=512, width=64, ffn=128, depth=2, heads=4, kv=1, head=16, window=16, val_loss=3.559),
]
BEST = min(SWEEP, key=lambda run: run["val_loss"])

VOCAB = BEST["vocab"]
WIDTH = BEST["width"]
FFN = BEST["ffn"]
DEPTH = BEST["depth"]
N_HEADS = BEST["heads"]
N_KV = BEST["kv"]
HEAD = BEST["head"]
WINDOW = BEST["window"]
GLOBAL_EVERY = 4
THETA = 1000000.0
EPS = 0.1


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
