"""GLM-4 style causal LM (sandwich norms: every sublayer output is normalized again before
the residual add). Hyper-parameters live in a dataclass with the small run's values."""

from dataclasses import dataclass

import torch
from torch import nn
from torch.nn import functional as F


@dataclass
class Glm4Hparams:
    n_vocab: int = 672
    d_model: int = 64
    d_ff: int = 144
    n_layer: int = 2
    n_head: int = 4
    n_group: int = 2
    d_head: int = 16
    rotary_fraction: float = 0.5
    theta: float = 1000000.0
    eps: float = 1.5625e-07


HP = Glm4Hparams()


class RMSNorm(nn.Module):
    def __init__(self, width, eps):
        super().__init__()
        self.scale = nn.Parameter(torch.ones(width))
        self.eps = eps

    def forward(self, h):
        return self.scale * h * (h.pow(2).mean(-1, keepdim=True) + self.eps).rsqrt()


def pairwise_rotate(x, ang):
    """rotate adjacent channel pairs (0,1), (2,3), ... of the first 2 * ang.shape[-1] channels"""
    r = 2 * ang.shape[-1]
    head, tail = x[..., :r], x[..., r:]
    a, b = head[..., 0::2], head[..., 1::2]
    c, s = ang.cos(), ang.sin()
    turned = torch.stack((a * c - b * s, b * c + a * s), dim=-1).flatten(-2)
    return torch.cat((turned, tail), dim=-1)


class SelfAttention(nn.Module):
    def __init__(self, hp: Glm4Hparams):
        super().__init__()
        self.hp = hp
        q_out, kv_out = hp.n_head * hp.d_head, hp.n_group * hp.d_head
        self.qkv = nn.Linear(hp.d_model, q_out + 2 * kv_out, bias=True)
        self.dense = nn.Linear(q_out, hp.d_model, bias=False)
        self.split = (q_out, kv_out, kv_out)

    def forward(self, h, ang):
        B, T, _ = h.shape
        q, k, v = self.qkv(h).split(self.split, dim=-1)
        q = q.view(B, T, self.hp.n_head, self.hp.d_head).transpose(1, 2)
        k = k.view(B, T, self.hp.n_group, self.hp.d_head).transpose(1, 2)
        v = v.view(B, T, self.hp.n_group, self.hp.d_head).transpose(1, 2)
        q, k = pairwise_rotate(q, ang), pairwise_rotate(k, ang)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.dense(y.transpose(1, 2).reshape(B, T, -1))


class GatedMLP(nn.Module):
    def __init__(self, hp: Glm4Hparams):
        super().__init__()
        self.fc_in = nn.Linear(hp.d_model, 2 * hp.d_ff, bias=False)
        self.fc_out = nn.Linear(hp.d_ff, hp.d_model, bias=False)

    def forward(self, h):
        gate, up = self.fc_in(h).chunk(2, dim=-1)
        return self.fc_out(F.silu(gate) * up)


class SandwichLayer(nn.Module):
    def __init__(self, hp: Glm4Hparams):
        super().__init__()
        self.norm_a = RMSNorm(hp.d_model, hp.eps)
        self.attn = SelfAttention(hp)
        self.norm_a_out = RMSNorm(hp.d_model, hp.eps)
        self.norm_m = RMSNorm(hp.d_model, hp.eps)
        self.mlp = GatedMLP(hp)
        self.norm_m_out = RMSNorm(hp.d_model, hp.eps)

    def forward(self, h, ang):
        h = h + self.norm_a_out(self.attn(self.norm_a(h), ang))
        return h + self.norm_m_out(self.mlp(self.norm_m(h)))


class Glm4LM(nn.Module):
    def __init__(self, hp: Glm4Hparams = HP):
        super().__init__()
        self.hp = hp
        self.wte = nn.Embedding(hp.n_vocab, hp.d_model)
        self.layers = nn.ModuleList([SandwichLayer(hp) for _ in range(hp.n_layer)])
        self.ln_f = RMSNorm(hp.d_model, hp.eps)
        self.head = nn.Linear(hp.d_model, hp.n_vocab, bias=False)

    def forward(self, tokens):
        rot = int(self.hp.d_head * self.hp.rotary_fraction)
        freq = 1.0 / self.hp.theta ** (torch.arange(0, rot, 2).float() / rot)
        ang = torch.arange(tokens.shape[1]).float()[:, None] * freq[None, :]
        h = self.wte(tokens)
        for layer in self.layers:
            h = layer(h, ang)
        return self.head(self.ln_f(h))
