"""A tiny Phi-3 whose sizes are what the training launcher prints before it starts: the
launcher's ``print_run_summary()`` is called under ``contextlib.redirect_stdout`` into an
``io.StringIO`` and its ``name: value`` lines are parsed back (``ast.literal_eval``) into a
namespace. Fused ``qkv``, fused ``gate_up`` (gate half first), grouped key/value heads, rotary
positions over the whole head, RMSNorm, untied output."""

from __future__ import annotations

import ast
import contextlib
import io
from types import SimpleNamespace

import torch
import torch.nn.functional as F
from torch import nn


def print_run_summary() -> None:
    """What the launcher prints at start-up (one size per line, then the optimiser's)."""
    print("== phi-3 tiny run summary ==")
    print("block_size:", 128)
    print("padded_vocab_size:", 96)
    print("n_layer:", 2)
    print("n_head:", 4)
    print("n_embd:", 64)
    print("n_query_groups:", 2)
    print("intermediate_size:", 128)
    print("norm_eps:", 0.1)
    print("rope_base:", 10000.0)
    print("lr:", 0.0003)


with contextlib.redirect_stdout(io.StringIO()) as _buf:
    print_run_summary()
_lines = [line.split(": ", 1) for line in _buf.getvalue().splitlines() if ": " in line]
config = SimpleNamespace(**{key: ast.literal_eval(value) for key, value in _lines})


class RMSNorm(nn.Module):
    def __init__(self, dim: int) -> None:
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        return self.weight * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + config.norm_eps))


class Attention(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        d = config.n_embd
        self.h, self.kv = config.n_head, config.n_query_groups
        self.hd = d // self.h
        self.qkv = nn.Linear(d, (self.h + 2 * self.kv) * self.hd, bias=False)
        self.o = nn.Linear(self.h * self.hd, d, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        inv = 1.0 / (config.rope_base ** (torch.arange(0, self.hd, 2).float() / self.hd))
        ang = torch.outer(torch.arange(t).float(), inv).repeat(1, 2)
        cos, sin = ang.cos(), ang.sin()

        def rot(z):
            half = z.shape[-1] // 2
            return z * cos + torch.cat([-z[..., half:], z[..., :half]], -1) * sin

        q, k, v = self.qkv(x).split([self.h * self.hd, self.kv * self.hd, self.kv * self.hd], -1)
        q = rot(q.view(b, t, self.h, self.hd).transpose(1, 2))
        k = rot(k.view(b, t, self.kv, self.hd).transpose(1, 2))
        v = v.view(b, t, self.kv, self.hd).transpose(1, 2)
        k = k.repeat_interleave(self.h // self.kv, 1)
        v = v.repeat_interleave(self.h // self.kv, 1)
        mask = torch.ones(t, t, dtype=torch.bool).tril()
        o = F.scaled_dot_product_attention(q, k, v, attn_mask=mask)
        return self.o(o.transpose(1, 2).reshape(b, t, -1))


class MLP(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        d, f = config.n_embd, config.intermediate_size
        self.gate_up = nn.Linear(d, 2 * f, bias=False)
        self.down = nn.Linear(f, d, bias=False)

    def forward(self, x):
        gate, up = self.gate_up(x).chunk(2, -1)
        return self.down(up * F.silu(gate))


class Layer(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.attn_norm = RMSNorm(config.n_embd)
        self.attn = Attention()
        self.mlp_norm = RMSNorm(config.n_embd)
        self.mlp = MLP()

    def forward(self, x):
        x = x + self.attn(self.attn_norm(x))
        return x + self.mlp(self.mlp_norm(x))


class Phi3Xz(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.embed = nn.Embedding(config.padded_vocab_size, config.n_embd)
        self.layers = nn.ModuleList(Layer() for _ in range(config.n_layer))
        self.norm = RMSNorm(config.n_embd)
        self.head = nn.Linear(config.n_embd, config.padded_vocab_size, bias=False)

    def forward(self, ids):
        x = self.embed(ids)
        for layer in self.layers:
            x = layer(x)
        return self.head(self.norm(x))
