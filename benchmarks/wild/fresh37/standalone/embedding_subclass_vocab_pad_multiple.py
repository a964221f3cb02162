# vocab padded up to a multiple of 64 (GPU-friendly), a scaled Embedding subclass, output tied
import math

import torch.nn as nn


class ScaledEmbedding(nn.Embedding):
    def __init__(self, num_embeddings, embedding_dim, padding_idx=None):
        super().__init__(num_embeddings, embedding_dim, padding_idx=padding_idx)
        self.scale = math.sqrt(embedding_dim)

    def forward(self, idx):
        return super().forward(idx) * self.scale


class TinyLM(nn.Module):
    def __init__(self, vocab_size=50257, d_model=128, n_layers=2, pad_to=64):
        super().__init__()
        padded = math.ceil(vocab_size / pad_to) * pad_to
        self.tok = ScaledEmbedding(padded, d_model, padding_idx=0)
        self.blocks = nn.ModuleList(
            nn.TransformerEncoderLayer(d_model, 4, 4 * d_model, batch_first=True)
            for _ in range(n_layers)
        )
        self.lm_head = nn.Linear(d_model, padded, bias=False)
        self.lm_head.weight = self.tok.weight


model = TinyLM(vocab_size=50257, d_model=128, n_layers=2, pad_to=64)
