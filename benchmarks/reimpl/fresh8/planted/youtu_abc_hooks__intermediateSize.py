"""A latent-attention decoder written against an abstract base: ``CausalLMBase`` owns the
embedding, the layer loop and the tied output, and asks subclasses for their parts through
``abc.abstractmethod`` hooks (``make_attention``, ``make_mlp``, ``make_norm``)."""

import abc
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class CausalLMBase(nn.Module, abc.ABC):
    vocab_size: int
    hidden: int
    n_layers: int

    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(self.vocab_size, self.hidden)
        self.blocks = nn.ModuleList()
        for _ in range(self.n_layers):
            blk = nn.ModuleDict(
                {
                    "norm_attn": self.make_norm(self.hidden),
                    "attn": self.make_attention(),
                    "norm_mlp": self.make_norm(self.hidden),
                    "mlp": self.make_mlp(),
                }
            )
            self.blocks.append(blk)
        self.norm = self.make_norm(self.hidden)

    @abc.abstractmethod
    def make_attention(self) -> nn.Module: ...

    @abc.abstractmethod
    def make_mlp(self) -> nn.Module: ...

    @abc.abstractmethod
    def make_norm(self, dim: int) -> nn.Module: ...

    def forward(self, ids):
        x = self.embed(ids)
        for blk in self.blocks:
            x = x + blk["attn"](blk["norm_attn"](x))
            x = x + blk["mlp"](blk["norm_mlp"](x))
        return F.linear(self.norm(x), self.embed.weight)


class MLA(nn.Module):
    def __init__(self, d, heads, q_rank, kv_rank, nope, rope, v_dim, theta):
        super().__init__()
        self.h, self.nope, self.rope, self.v_dim, self.theta = heads, nope, rope, v_dim, theta
        self.q_a = nn.Linear(d, q_rank, bias=False)
        self.q_a_norm = nn.RMSNorm(q_rank, eps=1e-6)
        self.q_b = nn.Linear(q_rank, heads * (nope + rope), bias=False)
        self.kv_a = nn.Linear(d, kv_rank + rope, bias=False)
        self.kv_a_norm = nn.RMSNorm(kv_rank, eps=1e-6)
        self.kv_b = nn.Linear(kv_rank, heads * (nope + v_dim), bias=False)
        self.o = nn.Linear(heads * v_dim, d, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q_b(self.q_a_norm(self.q_a(x))).view(b, t, self.h, -1).transpose(1, 2)
        q_nope, q_pe = q.split([self.nope, self.rope], -1)
        c, k_pe = self.kv_a(x).split([self.kv_a_norm.normalized_shape[0], self.rope], -1)
        kv = self.kv_b(self.kv_a_norm(c)).view(b, t, self.h, -1).transpose(1, 2)
        k_nope, v = kv.split([self.nope, self.v_dim], -1)
        inv = self.theta ** (-torch.arange(0, self.rope, 2).float() / self.rope)
        ang = torch.outer(torch.arange(t).float(), inv)
        cos, sin = ang.cos(), ang.sin()

        def interleaved(z):
            z1, z2 = z[..., 0::2], z[..., 1::2]
            return torch.stack((z1 * cos - z2 * sin, z1 * sin + z2 * cos), -1).flatten(-2)

        q = torch.cat((q_nope, interleaved(q_pe)), -1)
        k_pe = interleaved(k_pe)[:, None].expand(-1, self.h, -1, -1)
        k = torch.cat((k_nope, k_pe), -1)
        scale = 1 / math.sqrt(self.nope + self.rope)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, scale=scale)
        return self.o(y.transpose(1, 2).reshape(b, t, -1))


class SwiGLU(nn.Module):
    def __init__(self, d, ff):
        super().__init__()
        self.w1 = nn.Linear(d, ff, bias=False)
        self.w3 = nn.Linear(d, ff, bias=False)
        self.w2 = nn.Linear(ff, d, bias=False)

    def forward(self, x):
        return self.w2(F.silu(self.w1(x)) * self.w3(x))


class YoutuLM(CausalLMBase):
    vocab_size = 768
    hidden = 64
    n_layers = 2
    n_heads = 4
    ffn = 256
    q_lora_rank = 64
    kv_lora_rank = 32
    qk_nope_dim = 16
    qk_rope_dim = 8
    v_head_dim = 16
    rope_theta = 10000.0

    def make_attention(self):
        return MLA(
            self.hidden,
            self.n_heads,
            self.q_lora_rank,
            self.kv_lora_rank,
            self.qk_nope_dim,
            self.qk_rope_dim,
            self.v_head_dim,
            self.rope_theta,
        )

    def make_mlp(self):
        return SwiGLU(self.hidden, self.ffn)

    def make_norm(self, dim):
        return nn.RMSNorm(dim, eps=1e-6)
