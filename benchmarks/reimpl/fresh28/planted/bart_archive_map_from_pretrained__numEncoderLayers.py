"""A tiny BART sized the way older Hugging Face code sized it: a ``PRETRAINED_CONFIG_ARCHIVE_MAP``
of model ids to configuration dicts (BART-base's and BART-large's), and a settings class whose
``from_pretrained(name, **kwargs)`` starts from the named entry and lets the keywords win. The
model reads a nested spec built from the settings. Encoder and decoder layers share a mixin for
their attention and feed-forward parts, one token table shared by both stacks, learned positions
with fairseq's offset of 2, post-LN, GELU."""

from __future__ import annotations

from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F

BART_PRETRAINED_CONFIG_ARCHIVE_MAP = {
    "facebook/bart-base": dict(
        vocab_size=50265, d_model=768, encoder_ffn_dim=3072, encoder_layers=6,
        encoder_attention_heads=12, decoder_layers=6, decoder_attention_heads=12,
        max_position_embeddings=1024,
    ),
    "facebook/bart-large": dict(
        vocab_size=50265, d_model=1024, encoder_ffn_dim=4096, encoder_layers=12,
        encoder_attention_heads=16, decoder_layers=12, decoder_attention_heads=16,
        max_position_embeddings=1024,
    ),
}  # fmt: skip


class BartSettings:
    def __init__(self, **kwargs):
        self.__dict__.update(kwargs)

    @classmethod
    def from_pretrained(cls, name, **kwargs):
        return cls(**{**BART_PRETRAINED_CONFIG_ARCHIVE_MAP[name], **kwargs})


settings = BartSettings.from_pretrained(
    "facebook/bart-base",
    vocab_size=700,
    d_model=64,
    encoder_ffn_dim=128,
    encoder_layers=3,
    encoder_attention_heads=4,
    decoder_layers=2,
    decoder_attention_heads=4,
    max_position_embeddings=128,
)


@dataclass
class Stack:
    layers: int
    heads: int


@dataclass
class BartSpec:
    vocab: int
    d_model: int
    ffn: int
    max_positions: int
    pad: int
    encoder: Stack
    decoder: Stack


SPEC = BartSpec(
    vocab=settings.vocab_size,
    d_model=settings.d_model,
    ffn=settings.encoder_ffn_dim,
    max_positions=settings.max_position_embeddings,
    pad=1,
    encoder=Stack(settings.encoder_layers, settings.encoder_attention_heads),
    decoder=Stack(settings.decoder_layers, settings.decoder_attention_heads),
)


class MHA(nn.Module):
    def __init__(self, d, heads):
        super().__init__()
        self.heads = heads
        self.q_proj, self.k_proj = nn.Linear(d, d), nn.Linear(d, d)
        self.v_proj, self.out_proj = nn.Linear(d, d), nn.Linear(d, d)

    def forward(self, x, mem=None, causal=False):
        mem = x if mem is None else mem
        b, t, d = x.shape
        sp = lambda z: z.view(b, z.shape[1], self.heads, -1).transpose(1, 2)  # noqa: E731
        y = F.scaled_dot_product_attention(
            sp(self.q_proj(x)), sp(self.k_proj(mem)), sp(self.v_proj(mem)), is_causal=causal
        )
        return self.out_proj(y.transpose(1, 2).reshape(b, t, d))


class SublayerMixin:
    def add_self_attention(self, d, heads):
        self.self_attn = MHA(d, heads)
        self.self_attn_layer_norm = nn.LayerNorm(d)

    def add_feed_forward(self, d, ffn):
        self.fc1 = nn.Linear(d, ffn)
        self.fc2 = nn.Linear(ffn, d)
        self.final_layer_norm = nn.LayerNorm(d)

    def feed_forward(self, x):
        return self.final_layer_norm(x + self.fc2(F.gelu(self.fc1(x))))


class EncoderLayer(SublayerMixin, nn.Module):
    def __init__(self, spec: BartSpec):
        super().__init__()
        self.add_self_attention(spec.d_model, spec.encoder.heads)
        self.add_feed_forward(spec.d_model, spec.ffn)

    def forward(self, x):
        return self.feed_forward(self.self_attn_layer_norm(x + self.self_attn(x)))


class DecoderLayer(SublayerMixin, nn.Module):
    def __init__(self, spec: BartSpec):
        super().__init__()
        self.add_self_attention(spec.d_model, spec.decoder.heads)
        self.encoder_attn = MHA(spec.d_model, spec.decoder.heads)
        self.encoder_attn_layer_norm = nn.LayerNorm(spec.d_model)
        self.add_feed_forward(spec.d_model, spec.ffn)

    def forward(self, x, mem):
        x = self.self_attn_layer_norm(x + self.self_attn(x, causal=True))
        x = self.encoder_attn_layer_norm(x + self.encoder_attn(x, mem))
        return self.feed_forward(x)


class Side(nn.Module):
    def __init__(self, spec: BartSpec, tokens: nn.Embedding, layer_cls, n):
        super().__init__()
        self.tokens = tokens
        self.positions = nn.Embedding(spec.max_positions + 2, spec.d_model)
        self.layernorm_embedding = nn.LayerNorm(spec.d_model)
        self.layers = nn.ModuleList(layer_cls(spec) for _ in range(n))

    def embed(self, ids):
        pos = torch.arange(ids.shape[1]) + 2
        return self.layernorm_embedding(self.tokens(ids) + self.positions(pos))


class Bart(nn.Module):
    def __init__(self, spec: BartSpec = SPEC):
        super().__init__()
        self.shared = nn.Embedding(spec.vocab, spec.d_model, padding_idx=spec.pad)
        self.encoder = Side(spec, self.shared, EncoderLayer, spec.encoder.layers)
        self.decoder = Side(spec, self.shared, DecoderLayer, spec.decoder.layers)

    def forward(self, src, tgt):
        mem = self.encoder.embed(src)
        for layer in self.encoder.layers:
            mem = layer(mem)
        x = self.decoder.embed(tgt)
        for layer in self.decoder.layers:
            x = layer(x, mem)
        return x
