"""MarkupLM (text + XPath embeddings for web pages) as an applied-ML team wrote it: layer
constructors are ``functools.partial`` factories, each depth of the XPath gets its own tag and
subscript tables in ``nn.ModuleDict``s keyed by the depth as a string ("0", "1", ...), and the
encoder layers are an ``nn.Sequential`` of an ``OrderedDict``."""

import math
from collections import OrderedDict
from functools import partial

import torch
import torch.nn as nn
import torch.nn.functional as F

WIDTH, HEADS, LAYERS, FFN = 64, 4, 3, 64
VOCAB, MAX_POS, SEGMENTS, PAD = 150, 64, 2, 0
XPATH_DEPTH, XPATH_UNIT = 4, 8
TAG_TABLE, TAG_PAD = 64, 60
SUBS_TABLE, SUBS_PAD = 128, 100

Norm = partial(nn.LayerNorm, WIDTH, eps=1e-12)
Dense = partial(nn.Linear, WIDTH, WIDTH)


class EncoderLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.query, self.key, self.value, self.attn_out = Dense(), Dense(), Dense(), Dense()
        self.attn_norm = Norm()
        self.up = nn.Linear(WIDTH, FFN)
        self.down = nn.Linear(FFN, WIDTH)
        self.out_norm = Norm()

    def forward(self, x):
        b, t, _ = x.shape
        dh = WIDTH // HEADS

        def split(m):
            return m(x).view(b, t, HEADS, dh).transpose(1, 2)

        att = (split(self.query) @ split(self.key).transpose(-1, -2) / math.sqrt(dh)).softmax(-1)
        y = (att @ split(self.value)).transpose(1, 2).reshape(b, t, WIDTH)
        x = self.attn_norm(x + self.attn_out(y))
        return self.out_norm(x + self.down(F.gelu(self.up(x))))


class MarkupEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.word = nn.Embedding(VOCAB, WIDTH, padding_idx=PAD)
        self.position = nn.Embedding(MAX_POS, WIDTH, padding_idx=PAD)
        self.segment = nn.Embedding(SEGMENTS, WIDTH)
        self.tags = nn.ModuleDict(
            {str(i): nn.Embedding(TAG_TABLE, XPATH_UNIT) for i in range(XPATH_DEPTH)}
        )
        self.subs = nn.ModuleDict(
            {str(i): nn.Embedding(SUBS_TABLE, XPATH_UNIT) for i in range(XPATH_DEPTH)}
        )
        self.xpath_direct = nn.Linear(XPATH_UNIT * XPATH_DEPTH, WIDTH)  # in the checkpoint, unused
        self.xpath_inner = nn.Linear(XPATH_UNIT * XPATH_DEPTH, 4 * WIDTH)
        self.xpath_out = nn.Linear(4 * WIDTH, WIDTH)
        self.emb_norm = Norm()
        self.encoder = nn.Sequential(
            OrderedDict((f"layer{i}", EncoderLayer()) for i in range(LAYERS))
        )
        self.pooler = Dense()

    def forward(self, ids, segments, mask):
        keep = (ids != PAD).long()
        pos = torch.cumsum(keep, 1) * keep + PAD
        tag = torch.full_like(ids, TAG_PAD)
        sub = torch.full_like(ids, SUBS_PAD)
        xp = torch.cat([self.tags[k](tag) for k in self.tags], -1)
        xp = xp + torch.cat([self.subs[k](sub) for k in self.subs], -1)
        xp = self.xpath_out(F.relu(self.xpath_inner(xp)))
        x = self.emb_norm(self.word(ids) + self.position(pos) + self.segment(segments) + xp)
        x = self.encoder(x)
        return x, torch.tanh(self.pooler(x[:, 0]))
