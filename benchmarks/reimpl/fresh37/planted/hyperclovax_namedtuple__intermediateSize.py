"""HyperCLOVA X SEED (muP flavour) rebuilt for distillation experiments.

The hyper-parameters travel as a NamedTuple; the student is a ``_replace`` of the teacher card.
"""

from typing import NamedTuple

import torch
from torch import nn
from torch.nn import functional as F


class Card(NamedTuple):
    vocab: int = 110592
    d_model: int = 4096
    d_ff: int = 12288
    n_layer: int = 40
    n_head: int = 32
    n_kv: int = 8
    rope_base: float = 10000.0
    eps: float = 1e-5
    emb_mult: float = 1.0
    res_mult: float = 1.0
    attn_mult: float = 0.0884
    logit_mult: float = 1.0


TEACHER = Card()
STUDENT = TEACHER._replace(
    vocab=560,
    d_model=64,
    d_ff=208,
    n_layer=2,
    n_head=4,
    n_kv=1,
    rope_base=10000.0,
    eps=1e-6,
    emb_mult=2.0,
    res_mult=0.5,
    attn_mult=0.125,
    logit_mult=0.75,
)
cfg = STUDENT


class Norm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.gamma = nn.Parameter(torch.ones(d))

    def forward(self, h):
        var = h.float().pow(2).mean(-1, keepdim=True)
        return self.gamma * (h.float() / torch.sqrt(var + cfg.eps)).to(h.dtype)


def half_turn(t):
    a, b = torch.chunk(t, 2, dim=-1)
    return torch.cat((b.neg(), a), dim=-1)


class MuAttention(nn.Module):
    def __init__(self):
        super().__init__()
        self.dh = cfg.d_model // cfg.n_head
        self.query = nn.Linear(cfg.d_model, cfg.n_head * self.dh, bias=False)
        self.kv = nn.Linear(cfg.d_model, 2 * cfg.n_kv * self.dh, bias=False)
        self.proj = nn.Linear(cfg.n_head * self.dh, cfg.d_model, bias=False)

    def forward(self, h, cos, sin):
        B, T, _ = h.shape
        q = self.query(h).view(B, T, cfg.n_head, self.dh)
        k, v = self.kv(h).view(B, T, 2, cfg.n_kv, self.dh).unbind(2)
        q = q * cos + half_turn(q) * sin
        k = k * cos + half_turn(k) * sin
        rep = cfg.n_head // cfg.n_kv
        k = k[:, :, :, None].expand(B, T, cfg.n_kv, rep, self.dh).reshape(B, T, -1, self.dh)
        v = v[:, :, :, None].expand(B, T, cfg.n_kv, rep, self.dh).reshape(B, T, -1, self.dh)
        s = torch.einsum("bihd,bjhd->bhij", q, k) * cfg.attn_mult
        s = s.masked_fill(torch.ones(T, T, dtype=torch.bool).triu(1).to(h.device), -1e30)
        o = torch.einsum("bhij,bjhd->bihd", s.softmax(-1), v)
        return self.proj(o.reshape(B, T, -1))


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.pre_attn = Norm(cfg.d_model)
        self.attn = MuAttention()
        self.post_attn = Norm(cfg.d_model)
        self.pre_mlp = Norm(cfg.d_model)
        self.gate_up = nn.Linear(cfg.d_model, 2 * cfg.d_ff, bias=False)
        self.down = nn.Linear(cfg.d_ff, cfg.d_model, bias=False)
        self.post_mlp = Norm(cfg.d_model)

    def forward(self, h, cos, sin):
        a = self.post_attn(self.attn(self.pre_attn(h), cos, sin))
        h = h + a * cfg.res_mult
        g, u = self.gate_up(self.pre_mlp(h)).chunk(2, dim=-1)
        m = self.post_mlp(self.down(F.silu(g) * u))
        return h + m * cfg.res_mult


class HyperClovaX(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(cfg.vocab, cfg.d_model)
        self.blocks = nn.ModuleList(Block() for _ in range(cfg.n_layer))
        self.final_norm = Norm(cfg.d_model)
        self.readout = nn.Linear(cfg.d_model, cfg.vocab, bias=False)

    def forward(self, tokens):
        T = tokens.shape[1]
        dh = cfg.d_model // cfg.n_head
        inv = 1.0 / cfg.rope_base ** (torch.arange(0, dh, 2).float() / dh)
        ang = torch.arange(T).float()[:, None] * inv
        ang = torch.cat([ang, ang], -1).to(tokens.device)
        cos, sin = ang.cos()[:, None, :], ang.sin()[:, None, :]
        h = self.embed(tokens) * cfg.emb_mult
        for blk in self.blocks:
            h = blk(h, cos, sin)
        return self.readout(self.final_norm(h)) * cfg.logit_mult
