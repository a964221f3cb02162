"""A sequence tagger: embeddings, a bidirectional SRU with projection and layer norm, a CRF-free
softmax head."""

import torch.nn as nn
from sru import SRU


class Tagger(nn.Module):
    def __init__(self, vocab=8000, emb=100, hidden=128, tags=17):
        super().__init__()
        self.emb = nn.Embedding(vocab, emb)
        self.rnn = SRU(
            emb, hidden, num_layers=3, bidirectional=True, projection_size=64, layer_norm=True
        )
        self.out = nn.Linear(2 * hidden, tags)


model = Tagger()
