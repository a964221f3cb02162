"""Small GRU seq2seq whose output layer uses entmax (no softmax), with tied decoder embeddings."""

import torch.nn as nn
from entmax import Entmax15


class Seq2Seq(nn.Module):
    def __init__(self, src_vocab, tgt_vocab, dim=64, layers=1):
        super().__init__()
        self.src_emb = nn.Embedding(src_vocab, dim)
        self.tgt_emb = nn.Embedding(tgt_vocab, dim)
        self.enc = nn.GRU(dim, dim, num_layers=layers, batch_first=True)
        self.dec = nn.GRU(dim, dim, num_layers=layers, batch_first=True)
        self.generator = nn.Linear(dim, tgt_vocab)
        self.generator.weight = self.tgt_emb.weight
        self.normalize = Entmax15(dim=-1)

    def forward(self, src, tgt):
        _, h = self.enc(self.src_emb(src))
        out, _ = self.dec(self.tgt_emb(tgt), h)
        return self.normalize(self.generator(out))


model = Seq2Seq(src_vocab=120, tgt_vocab=90, dim=32, layers=2)
