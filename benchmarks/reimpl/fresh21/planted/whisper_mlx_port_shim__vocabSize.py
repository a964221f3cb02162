"""A tiny Whisper ported from an MLX version: the sizes are OpenAI's ``ModelDimensions``, every
layer defines ``__call__`` (MLX's convention) instead of ``forward``, and the sub-layers are
kept in plain Python lists as in MLX; a small shim base class (``MLXModule.__setattr__``) turns
each list of modules into an ``nn.ModuleList`` so that torch registers them. The positional
tables are frozen parameters; the logits use the token embedding (tied)."""

from __future__ import annotations

from dataclasses import dataclass

import torch
import torch.nn.functional as F
from torch import nn


@dataclass
class ModelDimensions:
    n_mels: int = 16
    n_audio_ctx: int = 16
    n_audio_state: int = 32
    n_audio_head: int = 4
    n_audio_layer: int = 2
    n_audio_mlp: int = 64
    n_vocab: int = 128
    n_text_ctx: int = 32
    n_text_state: int = 32
    n_text_head: int = 4
    n_text_layer: int = 2
    n_text_mlp: int = 64


class MLXModule(nn.Module):
    """MLX keeps sub-layers in lists and calls ``__call__``; torch needs ModuleLists."""

    def __setattr__(self, name, value):
        if isinstance(value, list) and value and all(isinstance(v, nn.Module) for v in value):
            value = nn.ModuleList(value)
        super().__setattr__(name, value)


class MultiHeadAttention(MLXModule):
    def __init__(self, n_state: int, n_head: int) -> None:
        super().__init__()
        self.n_head = n_head
        self.query = nn.Linear(n_state, n_state)
        self.key = nn.Linear(n_state, n_state, bias=False)
        self.value = nn.Linear(n_state, n_state)
        self.out = nn.Linear(n_state, n_state)

    def __call__(self, x, xa=None, causal=False):
        src = x if xa is None else xa
        b, t, d = x.shape
        h = self.n_head

        def heads(y):
            return y.reshape(y.shape[0], y.shape[1], h, d // h).transpose(1, 2)

        q, k, v = heads(self.query(x)), heads(self.key(src)), heads(self.value(src))
        s = (q @ k.transpose(-1, -2)) * (d // h) ** -0.5
        if causal:
            s = s.masked_fill(torch.ones(t, t, dtype=torch.bool).triu(1), float("-inf"))
        return self.out((s.softmax(-1) @ v).transpose(1, 2).reshape(b, t, d))


class ResidualAttentionBlock(MLXModule):
    def __init__(self, n_state: int, n_head: int, n_mlp: int, cross: bool = False) -> None:
        super().__init__()
        self.attn = MultiHeadAttention(n_state, n_head)
        self.attn_ln = nn.LayerNorm(n_state)
        self.cross_attn = MultiHeadAttention(n_state, n_head) if cross else None
        self.cross_attn_ln = nn.LayerNorm(n_state) if cross else None
        self.mlp = [nn.Linear(n_state, n_mlp), nn.GELU(), nn.Linear(n_mlp, n_state)]
        self.mlp_ln = nn.LayerNorm(n_state)

    def __call__(self, x, xa=None, causal=False):
        x = x + self.attn(self.attn_ln(x), causal=causal)
        if self.cross_attn is not None:
            x = x + self.cross_attn(self.cross_attn_ln(x), xa)
        y = self.mlp_ln(x)
        for layer in self.mlp:
            y = layer(y)
        return x + y


class AudioEncoder(MLXModule):
    def __init__(self, dims: ModelDimensions) -> None:
        super().__init__()
        d = dims.n_audio_state
        self.conv1 = nn.Conv1d(dims.n_mels, d, kernel_size=3, padding=1)
        self.conv2 = nn.Conv1d(d, d, kernel_size=3, stride=2, padding=1)
        self.positional_embedding = nn.Parameter(
            torch.zeros(dims.n_audio_ctx, d), requires_grad=False
        )
        self.blocks = [
            ResidualAttentionBlock(d, dims.n_audio_head, dims.n_audio_mlp)
            for _ in range(dims.n_audio_layer)
        ]
        self.ln_post = nn.LayerNorm(d)

    def __call__(self, mel):
        x = F.gelu(self.conv1(mel))
        x = F.gelu(self.conv2(x)).transpose(1, 2)
        x = x + self.positional_embedding[: x.shape[1]]
        for block in self.blocks:
            x = block(x)
        return self.ln_post(x)


class TextDecoder(MLXModule):
    def __init__(self, dims: ModelDimensions) -> None:
        super().__init__()
        d = dims.n_text_state
        self.token_embedding = nn.Embedding(dims.n_vocab, d)
        self.positional_embedding = nn.Parameter(torch.zeros(dims.n_text_ctx, d))
        self.blocks = [
            ResidualAttentionBlock(d, dims.n_text_head, dims.n_text_mlp, cross=True)
            for _ in range(dims.n_text_layer)
        ]
        self.ln = nn.LayerNorm(d)

    def __call__(self, tokens, xa):
        x = self.token_embedding(tokens) + self.positional_embedding[: tokens.shape[1]]
        for block in self.blocks:
            x = block(x, xa, causal=True)
        return self.ln(x) @ self.token_embedding.weight.T


class Whisper(MLXModule):
    def __init__(self, dims: ModelDimensions = ModelDimensions()) -> None:  # noqa: B008
        super().__init__()
        self.dims = dims
        self.encoder = AudioEncoder(dims)
        self.decoder = TextDecoder(dims)

    def __call__(self, mel, tokens):
        return self.decoder(tokens, self.encoder(mel))
