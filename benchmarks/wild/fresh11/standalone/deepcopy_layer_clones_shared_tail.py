"""Annotated-Transformer style clones: `clones(layer, N)` deep-copies one prototype N times; the
decoder's cross-attention is a deep copy too, but its final norm is the encoder's norm object."""

import copy

import torch.nn as nn


def clones(module, N):
    return nn.ModuleList([copy.deepcopy(module) for _ in range(N)])


class SublayerConnection(nn.Module):
    def __init__(self, size):
        super().__init__()
        self.norm = nn.LayerNorm(size)


class EncoderLayer(nn.Module):
    def __init__(self, size, self_attn, feed_forward):
        super().__init__()
        self.self_attn = self_attn
        self.feed_forward = feed_forward
        self.sublayer = clones(SublayerConnection(size), 2)


class DecoderLayer(nn.Module):
    def __init__(self, size, self_attn, src_attn, feed_forward):
        super().__init__()
        self.self_attn = self_attn
        self.src_attn = src_attn
        self.feed_forward = feed_forward
        self.sublayer = clones(SublayerConnection(size), 3)


def make_model(src_vocab=300, tgt_vocab=280, N=2, d_model=32, d_ff=64, h=4):
    c = copy.deepcopy
    attn = nn.MultiheadAttention(d_model, h)
    ff = nn.Sequential(nn.Linear(d_model, d_ff), nn.ReLU(), nn.Linear(d_ff, d_model))
    enc = clones(EncoderLayer(d_model, c(attn), c(ff)), N)
    dec = clones(DecoderLayer(d_model, c(attn), c(attn), c(ff)), N)
    norm = nn.LayerNorm(d_model)
    return nn.ModuleDict(
        {
            "encoder": enc,
            "enc_norm": norm,
            "decoder": dec,
            "dec_norm": norm,
            "src_embed": nn.Embedding(src_vocab, d_model),
            "tgt_embed": nn.Embedding(tgt_vocab, d_model),
            "generator": nn.Linear(d_model, tgt_vocab),
        }
    )


model = make_model(N=2)
