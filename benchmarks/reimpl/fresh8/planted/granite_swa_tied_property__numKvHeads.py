"""A sliding-window Granite variant with per-head attention sinks (a learned logit that can
soak up attention mass) and one global layer in four. The output head is tied to the
embedding through a read-only property, so there is no second matrix to keep in sync."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class Settings:
    vocab_size = 576
    hidden = 64
    layers = 4
    heads = 4
    kv_heads = 2
    mlp = 176
    window = 24
    theta = 10000.0
    eps = 1e-5
    embedding_multiplier = 12.0
    residual_multiplier = 0.22
    attention_multiplier = 0.0625
    logits_scaling = 8.0


class SinkAttention(nn.Module):
    def __init__(self, s: Settings, local: bool):
        super().__init__()
        self.s, self.local = s, local
        self.hd = s.hidden // s.heads
        self.sinks = nn.Parameter(torch.zeros(s.heads))
        self.q_proj = nn.Linear(s.hidden, s.heads * self.hd, bias=False)
        self.k_proj = nn.Linear(s.hidden, s.kv_heads * self.hd, bias=False)
        self.v_proj = nn.Linear(s.hidden, s.kv_heads * self.hd, bias=False)
        self.o_proj = nn.Linear(s.heads * self.hd, s.hidden, bias=False)

    def forward(self, x):
        s, hd = self.s, self.hd
        b, t, _ = x.shape
        q = self.q_proj(x).view(b, t, s.heads, hd).transpose(1, 2)
        k = self.k_proj(x).view(b, t, s.kv_heads, hd).transpose(1, 2)
        v = self.v_proj(x).view(b, t, s.kv_heads, hd).transpose(1, 2)
        inv = s.theta ** (-torch.arange(0, hd, 2).float() / hd)
        a = torch.outer(torch.arange(t).float(), inv).repeat(1, 2)
        q = q * a.cos() + torch.cat((-q[..., hd // 2 :], q[..., : hd // 2]), -1) * a.sin()
        k = k * a.cos() + torch.cat((-k[..., hd // 2 :], k[..., : hd // 2]), -1) * a.sin()
        k = k.repeat_interleave(s.heads // s.kv_heads, 1)
        v = v.repeat_interleave(s.heads // s.kv_heads, 1)
        scores = q @ k.transpose(-1, -2) * s.attention_multiplier
        i = torch.arange(t)
        ok = i[None] <= i[:, None]
        if self.local:
            ok &= i[:, None] - i[None] < s.window
        scores = scores.masked_fill(~ok, -math.inf)
        sink = self.sinks.view(1, -1, 1, 1).expand(b, -1, t, 1)
        p = torch.cat((scores, sink), -1).softmax(-1)[..., :-1]
        return self.o_proj((p @ v).transpose(1, 2).reshape(b, t, -1))


class Layer(nn.Module):
    def __init__(self, s: Settings, i: int):
        super().__init__()
        self.s = s
        self.norm1 = nn.RMSNorm(s.hidden, eps=s.eps)
        self.attn = SinkAttention(s, local=i % 4 != 0)
        self.norm2 = nn.RMSNorm(s.hidden, eps=s.eps)
        self.gate = nn.Linear(s.hidden, s.mlp, bias=False)
        self.up = nn.Linear(s.hidden, s.mlp, bias=False)
        self.down = nn.Linear(s.mlp, s.hidden, bias=False)

    def forward(self, x):
        x = x + self.s.residual_multiplier * self.attn(self.norm1(x))
        h = self.norm2(x)
        return x + self.s.residual_multiplier * self.down(F.silu(self.gate(h)) * self.up(h))


class GraniteSWA(nn.Module):
    def __init__(self, s: Settings = Settings()):  # noqa: B008
        super().__init__()
        self.s = s
        self.embed = nn.Embedding(s.vocab_size, s.hidden)
        self.layers = nn.ModuleList(Layer(s, i) for i in range(s.layers))
        self.norm = nn.RMSNorm(s.hidden, eps=s.eps)

    @property
    def lm_head_weight(self) -> torch.Tensor:
        return self.embed.weight

    def forward(self, ids):
        x = self.embed(ids) * self.s.embedding_multiplier
        for layer in self.layers:
            x = layer(x)
        return F.linear(self.norm(x), self.lm_head_weight) / self.s.logits_scaling
