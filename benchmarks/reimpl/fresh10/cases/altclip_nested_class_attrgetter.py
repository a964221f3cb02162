"""AltCLIP's text tower: an XLM-R encoder (no pooler), a LayerNorm before the projection, and a
``transformation`` to the shared space. Sizes sit in nested classes used as namespaces and are
read with one ``operator.attrgetter`` over dotted names."""

from operator import attrgetter

import torch
from torch import nn


class Settings:
    class text:
        vocab = 360
        width = 64
        depth = 2
        heads = 4
        ffn = 160
        positions = 130

    class shared:
        dim = 48


VOCAB, WIDTH, DEPTH, HEADS, FFN, POSITIONS, PROJ = attrgetter(
    "text.vocab",
    "text.width",
    "text.depth",
    "text.heads",
    "text.ffn",
    "text.positions",
    "shared.dim",
)(Settings)
PAD = 1


class XLMRLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.q, self.k, self.v = (nn.Linear(WIDTH, WIDTH) for _ in range(3))
        self.o = nn.Linear(WIDTH, WIDTH)
        self.ln_attn = nn.LayerNorm(WIDTH, eps=1e-5)
        self.fc_in = nn.Linear(WIDTH, FFN)
        self.fc_out = nn.Linear(FFN, WIDTH)
        self.ln_ffn = nn.LayerNorm(WIDTH, eps=1e-5)

    def forward(self, x, mask):
        b, t, _ = x.shape
        q, k, v = (p(x).view(b, t, HEADS, -1).transpose(1, 2) for p in (self.q, self.k, self.v))
        o = nn.functional.scaled_dot_product_attention(q, k, v, attn_mask=mask)
        x = self.ln_attn(x + self.o(o.transpose(1, 2).reshape(b, t, WIDTH)))
        return self.ln_ffn(x + self.fc_out(nn.functional.gelu(self.fc_in(x))))


class AltCLIPText(nn.Module):
    def __init__(self):
        super().__init__()
        self.word_embeddings = nn.Embedding(VOCAB, WIDTH, padding_idx=PAD)
        self.position_embeddings = nn.Embedding(POSITIONS, WIDTH, padding_idx=PAD)
        self.token_type_embeddings = nn.Embedding(1, WIDTH)
        self.emb_norm = nn.LayerNorm(WIDTH, eps=1e-5)
        self.layers = nn.ModuleList(XLMRLayer() for _ in range(DEPTH))
        self.pre_LN = nn.LayerNorm(WIDTH, eps=1e-5)
        self.transformation = nn.Linear(WIDTH, PROJ)

    def forward(self, ids, mask):
        pos = torch.cumsum(ids.ne(PAD).long(), 1) * ids.ne(PAD) + PAD
        x = self.word_embeddings(ids) + self.position_embeddings(pos)
        x = self.emb_norm(x + self.token_type_embeddings(torch.zeros_like(ids)))
        for layer in self.layers:
            x = layer(x, mask[:, None, None, :])
        return self.transformation(self.pre_LN(x))
