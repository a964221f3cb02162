"""Text classifier: blitz BayesianEmbedding + BayesianGRU, bias-free output layer, shared embedding
for a two-sentence (siamese) input."""

import torch
import torch.nn as nn
from blitz.modules import BayesianEmbedding, BayesianGRU, BayesianLinear
from blitz.utils import variational_estimator


@variational_estimator
class SiameseBayesGRU(nn.Module):
    def __init__(self, vocab_size, emb_dim, hidden, n_labels, pad_idx=0):
        super().__init__()
        self.embed = BayesianEmbedding(vocab_size, emb_dim, padding_idx=pad_idx)
        self.gru = BayesianGRU(emb_dim, hidden)
        self.classifier = BayesianLinear(2 * hidden, n_labels, bias=False)

    def encode(self, tokens):
        out, _ = self.gru(self.embed(tokens))
        return out[:, -1]

    def forward(self, a, b):
        return self.classifier(torch.cat([self.encode(a), self.encode(b)], -1))


model = SiameseBayesGRU(vocab_size=500, emb_dim=24, hidden=32, n_labels=3)
