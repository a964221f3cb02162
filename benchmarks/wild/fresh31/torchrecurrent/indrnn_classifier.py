"""An IndRNN of 3 layers between an embedding and a Linear classifier."""

import torch.nn as nn
from torchrecurrent import IndRNN


class Classifier(nn.Module):
    def __init__(self, vocab=50, emb=10, hidden=20, classes=4):
        super().__init__()
        self.emb = nn.Embedding(vocab, emb)
        self.rnn = IndRNN(emb, hidden, num_layers=3, batch_first=True)
        self.out = nn.Linear(hidden, classes)


model = Classifier(vocab=50, emb=10, hidden=20, classes=4)
