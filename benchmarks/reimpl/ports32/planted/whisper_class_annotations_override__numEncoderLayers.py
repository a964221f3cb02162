"""A tiny Whisper whose dimensions are a class of annotated large-v3 defaults overridden by a
subclass for the run; the ``ModelDimensions`` are collected by walking the base class's
``__annotations__`` and reading each name off the subclass (``getattr``). The feed-forward
width is ``4 * n_audio_state``; the decoder shares the encoder's width and heads. Two-conv
audio stem with GELU, learned encoder and decoder positions, pre-norm layers (keys without
bias, queries scaled by the head size), cross-attention, logits tied to the token embedding."""

from __future__ import annotations

from dataclasses import dataclass

import torch
import torch.nn.functional as F
from torch import nn


@dataclass
class ModelDimensions:
    n_mels: int
    n_audio_ctx: int
    n_audio_state: int
    n_audio_head: int
    n_audio_layer: int
    n_vocab: int
    n_text_ctx: int
    n_text_state: int
    n_text_head: int
    n_text_layer: int


class LargeV3:
    n_mels: int = 128
    n_audio_ctx: int = 1500
    n_audio_state: int = 1280
    n_audio_head: int = 20
    n_audio_layer: int = 32
    n_vocab: int = 51866
    n_text_ctx: int = 448
    n_text_state: int = 1280
    n_text_head: int = 20
    n_text_layer: int = 32


class TinyRun(LargeV3):
    n_mels = 16
    n_audio_ctx = 16
    n_audio_state = 32
    n_audio_head = 4
    n_audio_layer = 3
    n_vocab = 96
    n_text_ctx = 32
    n_text_state = 32
    n_text_head = 4
    n_text_layer = 2


dims = ModelDimensions(**{name: getattr(TinyRun, name) for name in LargeV3.__annotations__})


class MHA(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        d = dims.n_audio_state
        self.h = dims.n_audio_head
        self.q_proj = nn.Linear(d, d)
        self.k_proj = nn.Linear(d, d, bias=False)
        self.v_proj = nn.Linear(d, d)
        self.out_proj = nn.Linear(d, d)

    def forward(self, x, kv, causal: bool = False):
        b, tq, d = x.shape
        tk = kv.shape[1]
        hd = d // self.h
        q = (self.q_proj(x) * hd**-0.5).view(b, tq, self.h, hd).transpose(1, 2)
        k = self.k_proj(kv).view(b, tk, self.h, hd).transpose(1, 2)
        v = self.v_proj(kv).view(b, tk, self.h, hd).transpose(1, 2)
        s = q @ k.transpose(-1, -2)
        if causal:
            s = s.masked_fill(torch.ones(tq, tk, dtype=torch.bool).triu(1), float("-inf"))
        return self.out_proj((s.softmax(-1) @ v).transpose(1, 2).reshape(b, tq, d))


class Layer(nn.Module):
    def __init__(self, cross: bool) -> None:
        super().__init__()
        d, f = dims.n_audio_state, 4 * dims.n_audio_state
        self.attn_ln = nn.LayerNorm(d)
        self.attn = MHA()
        self.cross = cross
        if cross:
            self.cross_ln = nn.LayerNorm(d)
            self.cross_attn = MHA()
        self.mlp_ln = nn.LayerNorm(d)
        self.fc1 = nn.Linear(d, f)
        self.fc2 = nn.Linear(f, d)

    def forward(self, x, memory=None):
        h = self.attn_ln(x)
        x = x + self.attn(h, h, causal=self.cross)
        if self.cross:
            x = x + self.cross_attn(self.cross_ln(x), memory)
        return x + self.fc2(F.gelu(self.fc1(self.mlp_ln(x))))


class WhisperFromCard(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        d = dims.n_audio_state
        self.conv1 = nn.Conv1d(dims.n_mels, d, 3, padding=1)
        self.conv2 = nn.Conv1d(d, d, 3, stride=2, padding=1)
        self.audio_pos = nn.Parameter(torch.zeros(dims.n_audio_ctx, d))
        self.enc = nn.ModuleList(Layer(False) for _ in range(dims.n_audio_layer))
        self.enc_ln = nn.LayerNorm(d)
        self.tok = nn.Embedding(dims.n_vocab, d)
        self.text_pos = nn.Parameter(torch.zeros(dims.n_text_ctx, d))
        self.dec = nn.ModuleList(Layer(True) for _ in range(dims.n_text_layer))
        self.dec_ln = nn.LayerNorm(d)

    def forward(self, mel, tokens):
        x = F.gelu(self.conv2(F.gelu(self.conv1(mel)))).transpose(1, 2)
        x = x + self.audio_pos[: x.shape[1]]
        for layer in self.enc:
            x = layer(x)
        memory = self.enc_ln(x)
        y = self.tok(tokens) + self.text_pos[: tokens.shape[1]]
        for layer in self.dec:
            y = layer(y, memory)
        return self.dec_ln(y) @ self.tok.weight.T
