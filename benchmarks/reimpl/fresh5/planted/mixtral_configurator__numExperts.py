"""Mixtral in the nanoGPT manner: module-level defaults, then a configurator dict applied with
``globals().update`` (what ``exec(open('config/...').read())`` does in a training script).
Experts as one ModuleList of w1/w2/w3 MLPs; top-2 softmax router, renormalised."""

import torch
import torch.nn.functional as F
from torch import nn

# defaults (the 8x7B shape)
n_embd = 4096
n_layer = 32
n_head = 32
n_kv_head = 8
n_ffn = 14336
n_expert = 8
n_expert_active = 2
vocab_size = 32000
rope_theta = 1000000.0
norm_eps = 1e-5

# config/tiny_mixtral.py
overrides = dict(
    n_embd=64,
    n_layer=2,
    n_head=8,
    n_kv_head=2,
    n_ffn=112,
    n_expert=8,
    vocab_size=512,
)
globals().update(overrides)
head_size = n_embd // n_head


def rms_norm(x, w):
    return w * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + norm_eps)


class FeedForward(nn.Module):
    def __init__(self):
        super().__init__()
        self.w1 = nn.Linear(n_embd, n_ffn, bias=False)
        self.w2 = nn.Linear(n_ffn, n_embd, bias=False)
        self.w3 = nn.Linear(n_embd, n_ffn, bias=False)

    def forward(self, x):
        return self.w2(F.silu(self.w1(x)) * self.w3(x))


class MoE(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate = nn.Linear(n_embd, n_expert, bias=False)
        self.experts = nn.ModuleList([FeedForward() for _ in range(n_expert)])

    def forward(self, x):
        logits = self.gate(x)
        weights, chosen = logits.softmax(-1).topk(n_expert_active, -1)
        weights = weights / weights.sum(-1, keepdim=True)
        out = torch.zeros_like(x)
        for i, expert in enumerate(self.experts):
            sel = (chosen == i).float() * weights
            out = out + expert(x) * sel.sum(-1, keepdim=True)
        return out


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln1 = nn.Parameter(torch.ones(n_embd))
        self.ln2 = nn.Parameter(torch.ones(n_embd))
        self.wq = nn.Linear(n_embd, n_head * head_size, bias=False)
        self.wk = nn.Linear(n_embd, n_kv_head * head_size, bias=False)
        self.wv = nn.Linear(n_embd, n_kv_head * head_size, bias=False)
        self.wo = nn.Linear(n_head * head_size, n_embd, bias=False)
        self.moe = MoE()

    def forward(self, x):
        b, t, _ = x.shape
        h = rms_norm(x, self.ln1)
        q = self.wq(h).view(b, t, n_head, head_size).transpose(1, 2)
        k = self.wk(h).view(b, t, n_kv_head, head_size).transpose(1, 2)
        v = self.wv(h).view(b, t, n_kv_head, head_size).transpose(1, 2)
        inv = rope_theta ** (-torch.arange(0, head_size, 2).float() / head_size)
        f = torch.arange(t).float()[:, None] * inv
        c, s = torch.cat([f, f], -1).cos(), torch.cat([f, f], -1).sin()
        half = head_size // 2

        def rot(z):
            return z * c + torch.cat([-z[..., half:], z[..., :half]], -1) * s

        o = F.scaled_dot_product_attention(rot(q), rot(k), v, is_causal=True, enable_gqa=True)
        x = x + self.wo(o.transpose(1, 2).reshape(b, t, -1))
        return x + self.moe(rms_norm(x, self.ln2))


class Mixtral(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte = nn.Embedding(vocab_size, n_embd)
        self.blocks = nn.ModuleList([Block() for _ in range(n_layer)])
        self.ln_f = nn.Parameter(torch.ones(n_embd))
        self.lm_head = nn.Linear(n_embd, vocab_size, bias=False)

    def forward(self, idx):
        x = self.wte(idx)
        for blk in self.blocks:
            x = blk(x)
        return self.lm_head(rms_norm(x, self.ln_f))
