"""MVP (Tang et al., 2022) without its task prompts: a BART-style post-norm encoder-decoder with
positions offset by 2, a LayerNorm on each embedding sum and a shared vocabulary. Every part
is built by one ``functools.singledispatch`` function over small spec types (an ``int`` is a
LayerNorm width, an ``Attn``/``FFN``/``Layer`` spec becomes that module)."""

import functools
from typing import NamedTuple

import torch
import torch.nn.functional as F
from torch import nn

VOCAB, D_MODEL, HEADS, FFN_DIM = 800, 64, 4, 128
ENCODER_LAYERS, DECODER_LAYERS, MAX_POSITIONS = 2, 3, 100
OFFSET = 2


class Attn(NamedTuple):
    width: int
    heads: int


class FFN(NamedTuple):
    width: int
    hidden: int


class Layer(NamedTuple):
    width: int
    cross: bool


class Attention(nn.Module):
    def __init__(self, width, heads):
        super().__init__()
        self.heads = heads
        self.q_proj, self.k_proj = nn.Linear(width, width), nn.Linear(width, width)
        self.v_proj, self.out_proj = nn.Linear(width, width), nn.Linear(width, width)

    def forward(self, x, kv, causal=False):
        b, t, d = x.shape
        split = lambda z: z.view(b, -1, self.heads, d // self.heads).transpose(1, 2)  # noqa: E731
        o = F.scaled_dot_product_attention(
            split(self.q_proj(x)), split(self.k_proj(kv)), split(self.v_proj(kv)), is_causal=causal
        )
        return self.out_proj(o.transpose(1, 2).reshape(b, t, d))


class TransformerLayer(nn.Module):
    def __init__(self, width, cross):
        super().__init__()
        self.self_attn = build(Attn(width, HEADS))
        self.self_attn_layer_norm = build(width)
        self.encoder_attn = build(Attn(width, HEADS)) if cross else None
        self.encoder_attn_layer_norm = build(width) if cross else None
        self.ffn = build(FFN(width, FFN_DIM))
        self.final_layer_norm = build(width)

    def forward(self, x, memory=None):
        x = self.self_attn_layer_norm(x + self.self_attn(x, x, causal=memory is not None))
        if self.encoder_attn is not None:
            x = self.encoder_attn_layer_norm(x + self.encoder_attn(x, memory))
        return self.final_layer_norm(x + self.ffn(x))


@functools.singledispatch
def build(spec):
    raise TypeError(spec)


@build.register
def _(spec: int):
    return nn.LayerNorm(spec)


@build.register
def _(spec: Attn):
    return Attention(spec.width, spec.heads)


@build.register
def _(spec: FFN):
    return nn.Sequential(
        nn.Linear(spec.width, spec.hidden), nn.GELU(), nn.Linear(spec.hidden, spec.width)
    )


@build.register
def _(spec: Layer):
    return TransformerLayer(spec.width, spec.cross)


class Mvp(nn.Module):
    def __init__(self):
        super().__init__()
        self.shared = nn.Embedding(VOCAB, D_MODEL)
        self.enc_pos = nn.Embedding(MAX_POSITIONS + OFFSET, D_MODEL)
        self.dec_pos = nn.Embedding(MAX_POSITIONS + OFFSET, D_MODEL)
        self.enc_ln = build(D_MODEL)
        self.dec_ln = build(D_MODEL)
        self.encoder = nn.ModuleList(build(Layer(D_MODEL, False)) for _ in range(ENCODER_LAYERS))
        self.decoder = nn.ModuleList(build(Layer(D_MODEL, True)) for _ in range(DECODER_LAYERS))

    def forward(self, src, tgt):
        pos = lambda t: torch.arange(t.shape[1], device=t.device) + OFFSET  # noqa: E731
        x = self.enc_ln(self.shared(src) + self.enc_pos(pos(src)))
        for layer in self.encoder:
            x = layer(x)
        y = self.dec_ln(self.shared(tgt) + self.dec_pos(pos(tgt)))
        for layer in self.decoder:
            y = layer(y, x)
        return y
