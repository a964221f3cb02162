"""A Phi-2 style parallel block (attention and MLP read the same LayerNorm output; partial
rotary; biased dense layers; biased LM head). Every constructor takes ``**kwargs`` and pops
its sizes with defaults, forwarding the rest, as in code shared across model variants."""

import math

import torch
import torch.nn as nn


class ParallelBlock(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        d = kwargs.pop("d_model", 64)
        self.heads = kwargs.pop("n_head", 4)
        ffn = kwargs.pop("n_inner", 256)
        self.rot = int(kwargs.pop("rotary_pct", 0.5) * (d // self.heads))
        self.base = kwargs.pop("rotary_base", 10000.0)
        eps = kwargs.pop("eps", 1e-5)
        self.ln = nn.LayerNorm(d, eps=eps)
        self.q_proj = nn.Linear(d, d)
        self.k_proj = nn.Linear(d, d)
        self.v_proj = nn.Linear(d, d)
        self.dense = nn.Linear(d, d)
        self.fc1 = nn.Linear(d, ffn)
        self.fc2 = nn.Linear(ffn, d)

    def forward(self, x):
        b, t, d = x.shape
        h = self.ln(x)
        q, k, v = (
            f(h).view(b, t, self.heads, -1).transpose(1, 2)
            for f in (self.q_proj, self.k_proj, self.v_proj)
        )
        r = self.rot
        inv = self.base ** (-torch.arange(0, r, 2).float() / r)
        a = torch.outer(torch.arange(t).float(), inv).repeat(1, 2)

        def rope(z):
            zr, zp = z[..., :r], z[..., r:]
            zr = zr * a.cos() + torch.cat((-zr[..., r // 2 :], zr[..., : r // 2]), -1) * a.sin()
            return torch.cat((zr, zp), -1)

        s = rope(q) @ rope(k).transpose(-1, -2) / math.sqrt(q.shape[-1])
        s = s.masked_fill(torch.ones(t, t, dtype=torch.bool).triu(1), float("-inf"))
        attn = self.dense((s.softmax(-1) @ v).transpose(1, 2).reshape(b, t, d))
        mlp = self.fc2(nn.functional.gelu(self.fc1(h), approximate="tanh"))
        return x + attn + mlp


class PhiModel(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        vocab = kwargs.pop("vocab_size", 1000)
        layers = kwargs.pop("n_layer", 3)
        d = kwargs.get("d_model", 64)
        self.embed = nn.Embedding(vocab, d)
        self.blocks = nn.ModuleList(ParallelBlock(**dict(kwargs)) for _ in range(layers))
        self.final_ln = nn.LayerNorm(d, eps=kwargs.get("eps", 1e-5))
        self.lm_head = nn.Linear(d, vocab)

    def forward(self, ids):
        x = self.embed(ids)
        for blk in self.blocks:
            x = blk(x)
        return self.lm_head(self.final_ln(x))
