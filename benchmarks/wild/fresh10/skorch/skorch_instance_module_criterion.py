import torch
from skorch import NeuralNet
from torch import nn


class SeqTagger(nn.Module):
    def __init__(self, vocab=3000, emb=64, hidden=96, tags=9):
        super().__init__()
        self.emb = nn.Embedding(vocab, emb)
        self.lstm = nn.LSTM(emb, hidden, batch_first=True, bidirectional=True)
        self.out = nn.Linear(2 * hidden, tags)

    def forward(self, X):
        h, _ = self.lstm(self.emb(X))
        return self.out(h).transpose(1, 2)


# an already-built module instance; skorch keeps it as module_
net = NeuralNet(
    module=SeqTagger(vocab=5000, hidden=128),
    criterion=nn.CrossEntropyLoss,
    criterion__ignore_index=-100,
    optimizer=torch.optim.Adam,
    lr=1e-3,
)
net.initialize()
model = net.module_
