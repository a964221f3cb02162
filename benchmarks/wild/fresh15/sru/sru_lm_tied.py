"""An SRU language model (v1 cells with tanh) whose output layer is tied to the input embedding."""

import torch.nn as nn
from sru import SRU


class SRULM(nn.Module):
    def __init__(self, vocab=6000, d=192, layers=4):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.rnn = SRU(d, d, num_layers=layers, v1=True, use_tanh=True, dropout=0.1)
        self.out = nn.Linear(d, vocab)
        self.out.weight = self.emb.weight


model = SRULM()
