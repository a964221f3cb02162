"""Persimmon, ported into our own repo. The settings class holds Persimmon-8B's sizes; the run's
dict overrides them key by key under ``contextlib.suppress(KeyError)``, so a key the run does
not give keeps the class value. One fused query_key_value projection laid out head by head
([h, 3, hd]), a LayerNorm over each head's q and k, rotary on half of each head, a squared-ReLU
MLP with biases, and the attributes read with getattr defaults."""

from contextlib import suppress

import torch
import torch.nn as nn
import torch.nn.functional as F


class Settings:
    vocab = 262144
    width = 4096
    depth = 36
    heads = 64
    mlp_width = 16384
    ln_eps = 1e-5
    rotary_fraction = 0.5
    rope_base = 25000.0
    qk_layernorm = True


RUN = {
    "vocab": 700,
    "width": 96,
    "depth": 2,
    "heads": 4,
    "mlp_width": 256,
}

S = Settings()
for key in ("vocab", "width", "depth", "heads", "mlp_width", "ln_eps", "rope_base"):
    with suppress(KeyError):
        setattr(S, key, RUN[key])


class SelfAttention(nn.Module):
    def __init__(self, s):
        super().__init__()
        self.heads = getattr(s, "heads", 8)
        self.hd = s.width // self.heads
        self.rot = int(self.hd * getattr(s, "rotary_fraction", 1.0))
        self.base = getattr(s, "rope_base", 10000.0)
        self.query_key_value = nn.Linear(s.width, 3 * s.width, bias=True)
        self.dense = nn.Linear(s.width, s.width, bias=True)
        self.qk_ln = getattr(s, "qk_layernorm", False)
        if self.qk_ln:
            self.q_ln = nn.LayerNorm(self.hd, eps=s.ln_eps)
            self.k_ln = nn.LayerNorm(self.hd, eps=s.ln_eps)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.query_key_value(x).view(b, t, self.heads, 3, self.hd).unbind(3)
        if self.qk_ln:
            q, k = self.q_ln(q), self.k_ln(k)
        inv = 1.0 / self.base ** (torch.arange(0, self.rot, 2).float() / self.rot)
        f = torch.outer(torch.arange(t).float(), inv)
        cos, sin = torch.cat([f, f], -1).cos()[:, None], torch.cat([f, f], -1).sin()[:, None]

        def rope(z):
            zr, zp = z[..., : self.rot], z[..., self.rot :]
            h = self.rot // 2
            zr = zr * cos + torch.cat([-zr[..., h:], zr[..., :h]], -1) * sin
            return torch.cat([zr, zp], -1)

        q, k, v = rope(q).transpose(1, 2), rope(k).transpose(1, 2), v.transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.dense(y.transpose(1, 2).reshape(b, t, d))


class Decoder(nn.Module):
    def __init__(self, s):
        super().__init__()
        self.ln_attn = nn.LayerNorm(s.width, eps=s.ln_eps)
        self.attn = SelfAttention(s)
        self.ln_mlp = nn.LayerNorm(s.width, eps=s.ln_eps)
        self.fc_in = nn.Linear(s.width, getattr(s, "mlp_width", 4 * s.width))
        self.fc_out = nn.Linear(getattr(s, "mlp_width", 4 * s.width), s.width)

    def forward(self, x):
        x = x + self.attn(self.ln_attn(x))
        return x + self.fc_out(F.relu(self.fc_in(self.ln_mlp(x))).square())


class Persimmon(nn.Module):
    def __init__(self, s=S):
        super().__init__()
        self.embed = nn.Embedding(s.vocab, s.width)
        self.decoders = nn.ModuleList(Decoder(s) for _ in range(getattr(s, "depth", 36)))
        self.ln_f = nn.LayerNorm(s.width, eps=s.ln_eps)
        self.unembed = nn.Linear(s.width, s.vocab, bias=False)

    def forward(self, ids):
        x = self.embed(ids)
        for dec in self.decoders:
            x = dec(x)
        return self.unembed(self.ln_f(x))
