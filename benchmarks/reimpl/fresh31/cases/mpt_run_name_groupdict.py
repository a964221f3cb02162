"""MPT port: the sizes are encoded in the run's name (``mpt-tiny_d64_h4_l2_v900``), read back
with a compiled pattern's named groups (``fullmatch(...).groupdict()``) and merged with the
run-independent settings; a fused Wqkv, ALiBi, no biases, tied logits."""

import math
import re

import torch
import torch.nn as nn
import torch.nn.functional as F

RUN_NAME = "mpt-tiny_d64_h4_l2_v900"
NAME_RE = re.compile(
    r"mpt-(?P<tag>[a-z]+)_d(?P<d_model>\d+)_h(?P<n_heads>\d+)_l(?P<n_layers>\d+)_v(?P<vocab_size>\d+)"
)
PARTS = NAME_RE.fullmatch(RUN_NAME).groupdict()
PARTS.pop("tag")

MPT_KWARGS = dict(
    expansion_ratio=4,
    max_seq_len=256,
    alibi_bias_max=8,
    norm_eps=1.0e-5,
    **{key: int(value) for key, value in PARTS.items()},
)


def alibi_slopes(n_heads, bias_max):
    n = 2 ** math.ceil(math.log2(n_heads))
    m = torch.arange(1, n + 1).float() * (bias_max / n)
    slopes = 1.0 / torch.pow(2, m)
    if n != n_heads:
        slopes = torch.cat([slopes[1::2], slopes[::2]])[:n_heads]
    return slopes


class MPTAttention(nn.Module):
    def __init__(self, d_model, n_heads, alibi_bias_max, **_):
        super().__init__()
        self.n_heads = n_heads
        self.Wqkv = nn.Linear(d_model, 3 * d_model, bias=False)
        self.out_proj = nn.Linear(d_model, d_model, bias=False)
        self.register_buffer("slopes", alibi_slopes(n_heads, alibi_bias_max), persistent=False)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.Wqkv(x).chunk(3, dim=-1)
        hd = d // self.n_heads
        q, k, v = (z.view(b, t, self.n_heads, hd).transpose(1, 2) for z in (q, k, v))
        pos = torch.arange(t)
        bias = self.slopes[:, None, None] * (pos[None, None, :] - pos[None, :, None]).float()
        causal = torch.ones(t, t, dtype=torch.bool).tril()
        bias = bias.masked_fill(~causal, float("-inf"))
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=bias)
        return self.out_proj(y.transpose(1, 2).reshape(b, t, d))


class MPTBlock(nn.Module):
    def __init__(self, d_model, expansion_ratio, norm_eps, **kw):
        super().__init__()
        self.norm_1 = nn.LayerNorm(d_model, eps=norm_eps, bias=False)
        self.attn = MPTAttention(d_model=d_model, **kw)
        self.norm_2 = nn.LayerNorm(d_model, eps=norm_eps, bias=False)
        self.up_proj = nn.Linear(d_model, expansion_ratio * d_model, bias=False)
        self.down_proj = nn.Linear(expansion_ratio * d_model, d_model, bias=False)

    def forward(self, x):
        x = x + self.attn(self.norm_1(x))
        return x + self.down_proj(F.gelu(self.up_proj(self.norm_2(x)), approximate="none"))


class MPT(nn.Module):
    def __init__(self, **overrides):
        super().__init__()
        kw = {**MPT_KWARGS, **overrides}
        self.wte = nn.Embedding(kw["vocab_size"], kw["d_model"])
        n_layers = kw.pop("n_layers")
        kw.pop("vocab_size")
        kw.pop("max_seq_len")
        self.blocks = nn.ModuleList([MPTBlock(**kw) for _ in range(n_layers)])
        self.norm_f = nn.LayerNorm(kw["d_model"], eps=kw["norm_eps"], bias=False)

    def forward(self, ids):
        x = self.wte(ids)
        for blk in self.blocks:
            x = blk(x)
        return self.norm_f(x) @ self.wte.weight.T
