"""Phi-3 whose sizes travel as ``**kw`` from the model down to each block, every module taking
what it needs with ``kw.pop(name, default)``: the defaults live at the pops."""

import torch
import torch.nn.functional as F
from torch import nn


class Norm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-5)


class Attention(nn.Module):
    def __init__(self, d, **kw):
        super().__init__()
        self.n_heads = kw.pop("n_heads", 4)
        self.n_kv = kw.pop("n_kv_heads", 2)
        self.hd = d // self.n_heads
        self.qkv_proj = nn.Linear(d, (self.n_heads + 2 * self.n_kv) * self.hd, bias=False)
        self.o_proj = nn.Linear(self.n_heads * self.hd, d, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q, k, v = self.qkv_proj(x).split(
            [self.n_heads * self.hd, self.n_kv * self.hd, self.n_kv * self.hd], -1
        )
        q = q.view(b, t, -1, self.hd).transpose(1, 2)
        k = k.view(b, t, -1, self.hd).transpose(1, 2)
        v = v.view(b, t, -1, self.hd).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o_proj(o.transpose(1, 2).reshape(b, t, -1))


class MLP(nn.Module):
    def __init__(self, d, **kw):
        super().__init__()
        ff = kw.pop("ffn", 256)
        self.gate_up_proj = nn.Linear(d, 2 * ff, bias=False)
        self.down_proj = nn.Linear(ff, d, bias=False)

    def forward(self, x):
        g, u = self.gate_up_proj(x).chunk(2, -1)
        return self.down_proj(F.silu(g) * u)


class Block(nn.Module):
    def __init__(self, d, **kw):
        super().__init__()
        self.input_layernorm = Norm(d)
        self.self_attn = Attention(d, **kw)
        self.post_attention_layernorm = Norm(d)
        self.mlp = MLP(d, **kw)

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x))
        return x + self.mlp(self.post_attention_layernorm(x))


class Phi3(nn.Module):
    def __init__(self, **kw):
        super().__init__()
        kw = dict(kw)
        vocab = kw.pop("vocab", 448)
        d = kw.pop("d_model", 64)
        depth = kw.pop("n_layers", 2)
        self.embed_tokens = nn.Embedding(vocab, d)
        self.layers = nn.ModuleList(Block(d, **kw) for _ in range(depth))
        self.norm = Norm(d)
        self.lm_head = nn.Linear(d, vocab, bias=False)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for blk in self.layers:
            x = blk(x)
        return self.lm_head(self.norm(x))
