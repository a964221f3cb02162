# user repo: an Embedding subclass that multiplies by sqrt(d_model); vocab size from a numpy ceil
import math

import numpy as np
import torch.nn as nn


class ScaledEmbedding(nn.Embedding):
    def __init__(self, num_embeddings, embedding_dim, padding_idx=None):
        super().__init__(num_embeddings, embedding_dim, padding_idx=padding_idx)
        self.factor = math.sqrt(embedding_dim)

    def forward(self, ids):
        return super().forward(ids) * self.factor


raw_vocab = 30522
vocab = int(np.ceil(raw_vocab / 128) * 128)
d_model = 256
model = nn.Sequential(
    ScaledEmbedding(vocab, d_model, padding_idx=0),
    nn.TransformerEncoder(
        nn.TransformerEncoderLayer(d_model, nhead=4, dim_feedforward=4 * d_model, batch_first=True),
        num_layers=2,
    ),
)
