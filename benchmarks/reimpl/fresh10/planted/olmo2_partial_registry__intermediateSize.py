"""OLMo 2 registered as ``functools.partial`` presets in a name -> builder dict; the exported
model wraps the ``"olmo2-tiny"`` entry. Norms come after each sub-layer, and q/k are normed over
the whole projection width."""

import functools

import torch
import torch.nn.functional as F
from torch import nn


class RMSNorm(nn.Module):
    def __init__(self, n, eps):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(n))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)


def rope(x, base):
    t, d = x.shape[-2:]
    f = torch.outer(torch.arange(t).float(), base ** (-torch.arange(0, d, 2).float() / d))
    f = f.repeat(1, 2)
    a, b = x.chunk(2, -1)
    return x * f.cos() + torch.cat((-b, a), -1) * f.sin()


class OLMo2Block(nn.Module):
    def __init__(self, d, heads, kv, ffn, eps, base):
        super().__init__()
        self.heads, self.kv, self.hd, self.base = heads, kv, d // heads, base
        self.q_proj = nn.Linear(d, heads * self.hd, bias=False)
        self.k_proj = nn.Linear(d, kv * self.hd, bias=False)
        self.v_proj = nn.Linear(d, kv * self.hd, bias=False)
        self.o_proj = nn.Linear(heads * self.hd, d, bias=False)
        self.q_norm = RMSNorm(heads * self.hd, eps)
        self.k_norm = RMSNorm(kv * self.hd, eps)
        self.post_attention_layernorm = RMSNorm(d, eps)
        self.ff_proj = nn.Linear(d, 2 * ffn, bias=False)
        self.ff_out = nn.Linear(ffn, d, bias=False)
        self.post_feedforward_layernorm = RMSNorm(d, eps)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q_norm(self.q_proj(x)).view(b, t, self.heads, self.hd).transpose(1, 2)
        k = self.k_norm(self.k_proj(x)).view(b, t, self.kv, self.hd).transpose(1, 2)
        v = self.v_proj(x).view(b, t, self.kv, self.hd).transpose(1, 2)
        q, k = rope(q, self.base), rope(k, self.base)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        o = self.o_proj(o.transpose(1, 2).reshape(b, t, -1))
        x = x + self.post_attention_layernorm(o)
        gate, up = self.ff_proj(x).chunk(2, -1)
        return x + self.post_feedforward_layernorm(self.ff_out(F.silu(gate) * up))


class OLMo2(nn.Module):
    def __init__(self, vocab, d, layers, heads, kv, ffn, eps=1e-6, base=500000.0):
        super().__init__()
        self.wte = nn.Embedding(vocab, d)
        self.blocks = nn.ModuleList(OLMo2Block(d, heads, kv, ffn, eps, base) for _ in range(layers))
        self.ln_f = RMSNorm(d, eps)
        self.ff_out = nn.Linear(d, vocab, bias=False)

    def forward(self, ids):
        x = self.wte(ids)
        for blk in self.blocks:
            x = blk(x)
        return self.ff_out(self.ln_f(x))


BUILDERS = {
    "olmo2-tiny": functools.partial(OLMo2, vocab=512, d=64, layers=2, heads=4, kv=4, ffn=256),
    "olmo2-small": functools.partial(
        OLMo2, vocab=50304, d=2048, layers=16, heads=16, kv=16, ffn=8192
    ),
}


class OLMo2Tiny(nn.Module):
    def __init__(self, name="olmo2-tiny"):
        super().__init__()
        self.model = BUILDERS[name]()

    def forward(self, ids):
        return self.model(ids)
