"""EXAONE-3.0 style decoder for a cluster job: every size is an environment knob with a
default (the launcher exports overrides; the defaults below are the small debug model)."""

import os

import torch
import torch.nn.functional as F
from torch import nn

_DEFAULTS = {
    "EXA_VOCAB": "608",
    "EXA_WIDTH": "128",
    "EXA_MLP": "160",
    "EXA_LAYERS": "2",
    "EXA_HEADS": "4",
    "EXA_KV_HEADS": "2",
    "EXA_ROPE_BASE": "500000.0",
    "EXA_EPS": "1e-5",
}


def knob(name, cast):
    return cast(os.environ.get(name, _DEFAULTS[name]))


VOCAB = knob("EXA_VOCAB", int)
WIDTH = knob("EXA_WIDTH", int)
MLP = knob("EXA_MLP", int)
LAYERS = knob("EXA_LAYERS", int)
HEADS = knob("EXA_HEADS", int)
KV_HEADS = knob("EXA_KV_HEADS", int)
ROPE_BASE = knob("EXA_ROPE_BASE", float)
EPS = knob("EXA_EPS", float)
HEAD_DIM = WIDTH // HEADS


class RMS(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(width))

    def forward(self, x):
        scale = torch.rsqrt(x.float().square().mean(dim=-1, keepdim=True) + EPS)
        return (x.float() * scale).to(x.dtype) * self.weight


def complex_rotation(length, device):
    freqs = 1.0 / ROPE_BASE ** (torch.arange(0, HEAD_DIM, 2, device=device).float() / HEAD_DIM)
    angles = torch.arange(length, device=device).float()[:, None] * freqs[None, :]
    return torch.polar(torch.ones_like(angles), angles)


def rotate(x, phase):
    # the two halves of a head are the real and imaginary parts
    half = x.shape[-1] // 2
    z = torch.complex(x[..., :half].float(), x[..., half:].float()) * phase
    return torch.cat([z.real, z.imag], dim=-1).type_as(x)


class SelfAttention(nn.Module):
    def __init__(self):
        super().__init__()
        self.qkv = nn.Linear(WIDTH, (HEADS + 2 * KV_HEADS) * HEAD_DIM, bias=False)
        self.out = nn.Linear(HEADS * HEAD_DIM, WIDTH, bias=False)

    def forward(self, x, phase):
        bsz, length, _ = x.shape
        q, k, v = self.qkv(x).split(
            [HEADS * HEAD_DIM, KV_HEADS * HEAD_DIM, KV_HEADS * HEAD_DIM], dim=-1
        )
        q = q.unflatten(-1, (HEADS, HEAD_DIM)).transpose(1, 2)
        k = k.unflatten(-1, (KV_HEADS, HEAD_DIM)).transpose(1, 2)
        v = v.unflatten(-1, (KV_HEADS, HEAD_DIM)).transpose(1, 2)
        q, k = rotate(q, phase), rotate(k, phase)
        k = k.repeat_interleave(HEADS // KV_HEADS, dim=1)
        v = v.repeat_interleave(HEADS // KV_HEADS, dim=1)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.out(y.transpose(1, 2).flatten(2))


class GatedMLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.c_fc_0 = nn.Linear(WIDTH, MLP, bias=False)
        self.c_fc_1 = nn.Linear(WIDTH, MLP, bias=False)
        self.c_proj = nn.Linear(MLP, WIDTH, bias=False)

    def forward(self, x):
        return self.c_proj(F.silu(self.c_fc_0(x)) * self.c_fc_1(x))


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln_1 = RMS(WIDTH)
        self.attn = SelfAttention()
        self.ln_2 = RMS(WIDTH)
        self.mlp = GatedMLP()

    def forward(self, x, phase):
        x = x + self.attn(self.ln_1(x), phase)
        return x + self.mlp(self.ln_2(x))


class ExaoneLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte = nn.Embedding(VOCAB, WIDTH)
        self.h = nn.ModuleList([Layer() for _ in range(LAYERS)])
        self.ln_f = RMS(WIDTH)
        self.lm_head = nn.Linear(WIDTH, VOCAB, bias=False)

    def forward(self, input_ids):
        phase = complex_rotation(input_ids.shape[1], input_ids.device)
        x = self.wte(input_ids)
        for layer in self.h:
            x = layer(x, phase)
        return self.lm_head(self.ln_f(x))
