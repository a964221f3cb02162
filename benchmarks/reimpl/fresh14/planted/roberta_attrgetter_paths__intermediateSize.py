"""RoBERTa (positions offset past the padding id, a pooler): the sizes sit in nested plain
classes read by dotted paths through ``operator.attrgetter``."""

import operator

import torch
from torch import nn


class hparams:
    class text:
        vocab = 512
        max_positions = 66
        type_vocab = 1

    class encoder:
        width = 64
        depth = 2
        heads = 4
        ffn = 256


VOCAB, MAX_POS, TYPES, WIDTH, DEPTH, HEADS, FFN = operator.attrgetter(
    "text.vocab",
    "text.max_positions",
    "text.type_vocab",
    "encoder.width",
    "encoder.depth",
    "encoder.heads",
    "encoder.ffn",
)(hparams)
PAD = 1


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = nn.MultiheadAttention(WIDTH, HEADS, batch_first=True)
        self.attn_norm = nn.LayerNorm(WIDTH, eps=1e-12)
        self.fc_in = nn.Linear(WIDTH, FFN)
        self.fc_out = nn.Linear(FFN, WIDTH)
        self.ffn_norm = nn.LayerNorm(WIDTH, eps=1e-12)

    def forward(self, x):
        x = self.attn_norm(x + self.attn(x, x, x, need_weights=False)[0])
        return self.ffn_norm(x + self.fc_out(nn.functional.gelu(self.fc_in(x))))


class Roberta(nn.Module):
    def __init__(self):
        super().__init__()
        self.tokens = nn.Embedding(VOCAB, WIDTH, padding_idx=PAD)
        self.positions = nn.Embedding(MAX_POS, WIDTH, padding_idx=PAD)
        self.types = nn.Embedding(TYPES, WIDTH)
        self.emb_norm = nn.LayerNorm(WIDTH, eps=1e-12)
        self.layers = nn.ModuleList(Layer() for _ in range(DEPTH))
        self.pooler = nn.Linear(WIDTH, WIDTH)

    def forward(self, ids):
        pos = torch.arange(ids.shape[1]) + PAD + 1
        x = self.tokens(ids) + self.positions(pos) + self.types(torch.zeros_like(ids))
        x = self.emb_norm(x)
        for layer in self.layers:
            x = layer(x)
        return x, torch.tanh(self.pooler(x[:, 0]))
