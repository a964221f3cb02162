"""BERT built from torch's own nn.TransformerEncoder (post-LN, GELU), with token-type
embeddings and a tanh pooler over the first token."""

import torch
import torch.nn as nn


class Embeddings(nn.Module):
    def __init__(self, vocab, width, positions, types, eps):
        super().__init__()
        self.word = nn.Embedding(vocab, width, padding_idx=0)
        self.position = nn.Embedding(positions, width)
        self.token_type = nn.Embedding(types, width)
        self.norm = nn.LayerNorm(width, eps=eps)
        self.register_buffer("pos_ids", torch.arange(positions).unsqueeze(0), persistent=False)

    def forward(self, ids, types):
        pos = self.pos_ids[:, : ids.shape[1]]
        return self.norm(self.word(ids) + self.position(pos) + self.token_type(types))


class Bert(nn.Module):
    def __init__(self, vocab=1000, width=64, depth=3, heads=4, ffn=128, positions=96, types=2, eps=1e-12):
        super().__init__()
        self.embeddings = Embeddings(vocab, width, positions, types, eps)
        layer = nn.TransformerEncoderLayer(
            width, heads, ffn, dropout=0.1, activation="gelu", layer_norm_eps=eps, batch_first=True
        )
        self.encoder = nn.TransformerEncoder(layer, depth, enable_nested_tensor=False)
        self.pooler = nn.Linear(width, width)

    def forward(self, ids, types):
        h = self.encoder(self.embeddings(ids, types))
        return h, torch.tanh(self.pooler(h[:, 0]))
