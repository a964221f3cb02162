"""RoCBERT (tiny, with pooler): the embedding tables are rows of ``EMBEDDINGS`` (name, rows,
width) created with ``setattr`` in a loop. Word, pronunciation and shape embeddings are
concatenated and mapped back to the hidden width, then positions and token types are added."""

import torch
import torch.nn.functional as F
from torch import nn

HIDDEN, LAYERS, HEADS, FFN, EPS = 64, 2, 4, 256, 1e-12
EMBEDDINGS = [
    ("word_embeddings", 700, HIDDEN),
    ("pronunciation_embed", 40, 24),
    ("shape_embed", 60, 16),
    ("position_embeddings", 128, HIDDEN),
    ("token_type_embeddings", 2, HIDDEN),
]


class EncoderLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.qkv = nn.ModuleList([nn.Linear(HIDDEN, HIDDEN) for _ in range(3)])
        self.attn_dense = nn.Linear(HIDDEN, HIDDEN)
        self.attn_norm = nn.LayerNorm(HIDDEN, eps=EPS)
        self.ffn_in = nn.Linear(HIDDEN, FFN)
        self.ffn_out = nn.Linear(FFN, HIDDEN)
        self.ffn_norm = nn.LayerNorm(HIDDEN, eps=EPS)

    def forward(self, x, mask):
        b, t, _ = x.shape
        q, k, v = (p(x).view(b, t, HEADS, -1).transpose(1, 2) for p in self.qkv)
        o = F.scaled_dot_product_attention(q, k, v, attn_mask=mask[:, None, None, :])
        x = self.attn_norm(x + self.attn_dense(o.transpose(1, 2).reshape(b, t, HIDDEN)))
        return self.ffn_norm(x + self.ffn_out(F.gelu(self.ffn_in(x))))


class RoCBert(nn.Module):
    def __init__(self):
        super().__init__()
        for name, rows, width in EMBEDDINGS:
            setattr(self, name, nn.Embedding(rows, width))
        concat = sum(
            w for n, _, w in EMBEDDINGS if n.split("_")[0] in ("word", "pronunciation", "shape")
        )
        self.map_inputs_layer = nn.Linear(concat, HIDDEN)
        self.emb_norm = nn.LayerNorm(HIDDEN, eps=EPS)
        self.layers = nn.ModuleList([EncoderLayer() for _ in range(LAYERS)])
        self.pooler = nn.Linear(HIDDEN, HIDDEN)

    def forward(self, ids, pron, shape, types, mask):
        x = torch.cat(
            [self.word_embeddings(ids), self.pronunciation_embed(pron), self.shape_embed(shape)], -1
        )
        pos = torch.arange(ids.shape[1], device=ids.device)
        x = self.map_inputs_layer(x) + self.position_embeddings(pos)
        x = self.emb_norm(x + self.token_type_embeddings(types))
        for layer in self.layers:
            x = layer(x, mask)
        return x, torch.tanh(self.pooler(x[:, 0]))
