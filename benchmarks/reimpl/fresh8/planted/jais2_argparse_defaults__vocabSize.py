"""A bilingual decoder with biased projections, LayerNorm and a squared-ReLU MLP (no gate).
The training script's argparse parser doubles as the model config: the model reads
``parser.parse_args([])``, i.e. the defaults, when no namespace is passed."""

import argparse
import math

import torch
import torch.nn as nn


def get_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser("jais-style pretraining")
    p.add_argument("--vocab-size", type=int, default=1000)
    p.add_argument("--hidden-size", type=int, default=64)
    p.add_argument("--ffn-hidden-size", type=int, default=256)
    p.add_argument("--num-layers", type=int, default=2)
    p.add_argument("--num-attention-heads", type=int, default=4)
    p.add_argument("--kv-channels", type=int, default=16)
    p.add_argument("--layernorm-epsilon", type=float, default=1e-5)
    p.add_argument("--rotary-base", type=float, default=10000.0)
    p.add_argument("--lr", type=float, default=3e-4)
    return p


def squared_relu(x):
    return torch.relu(x).square()


class Attention(nn.Module):
    def __init__(self, a: argparse.Namespace):
        super().__init__()
        inner = a.num_attention_heads * a.kv_channels
        self.heads, self.dh, self.base = a.num_attention_heads, a.kv_channels, a.rotary_base
        self.q = nn.Linear(a.hidden_size, inner)
        self.k = nn.Linear(a.hidden_size, inner)
        self.v = nn.Linear(a.hidden_size, inner)
        self.dense = nn.Linear(inner, a.hidden_size)

    def forward(self, x):
        b, t, _ = x.shape
        q, k, v = (
            f(x).view(b, t, self.heads, self.dh).transpose(1, 2) for f in (self.q, self.k, self.v)
        )
        inv = self.base ** (-torch.arange(0, self.dh, 2).float() / self.dh)
        ang = torch.outer(torch.arange(t).float(), inv).repeat(1, 2)
        half = self.dh // 2
        q = q * ang.cos() + torch.cat((-q[..., half:], q[..., :half]), -1) * ang.sin()
        k = k * ang.cos() + torch.cat((-k[..., half:], k[..., :half]), -1) * ang.sin()
        s = q @ k.transpose(-1, -2) / math.sqrt(self.dh)
        s = s.masked_fill(torch.ones(t, t, dtype=torch.bool).triu(1), float("-inf"))
        return self.dense((s.softmax(-1) @ v).transpose(1, 2).reshape(b, t, -1))


class Layer(nn.Module):
    def __init__(self, a: argparse.Namespace):
        super().__init__()
        self.ln_attn = nn.LayerNorm(a.hidden_size, eps=a.layernorm_epsilon)
        self.attn = Attention(a)
        self.ln_mlp = nn.LayerNorm(a.hidden_size, eps=a.layernorm_epsilon)
        self.fc_in = nn.Linear(a.hidden_size, a.ffn_hidden_size)
        self.fc_out = nn.Linear(a.ffn_hidden_size, a.hidden_size)

    def forward(self, x):
        x = x + self.attn(self.ln_attn(x))
        return x + self.fc_out(squared_relu(self.fc_in(self.ln_mlp(x))))


class JaisModel(nn.Module):
    def __init__(self, args: argparse.Namespace | None = None):
        super().__init__()
        a = args if args is not None else get_parser().parse_args([])
        self.wte = nn.Embedding(a.vocab_size, a.hidden_size)
        self.h = nn.ModuleList([Layer(a) for _ in range(a.num_layers)])
        self.ln_f = nn.LayerNorm(a.hidden_size, eps=a.layernorm_epsilon)
        self.lm_head = nn.Linear(a.hidden_size, a.vocab_size, bias=False)

    def forward(self, ids):
        x = self.wte(ids)
        for layer in self.h:
            x = layer(x)
        return self.lm_head(self.ln_f(x))
